// Buyer-facing files that still write English into their JSX (issue 38): the literal-text rule
// (eslint/noLiteralText.mjs) skips them until each is moved to the message catalogues, then
// it leaves this list. The number is what the rule found in each when the list was made.
export const UNTRANSLATED = [
  'components/account/AccountFrame.tsx', // 3
  'components/account/AccountOverview.tsx', // 7
  'components/account/AccountPages.tsx', // 2
  'components/account/AccountRefusal.tsx', // 3
  'components/account/AccountSignIn.tsx', // 11
  'components/account/AccountSignInComplete.tsx', // 2
  'components/account/CancelDeclarationPage.tsx', // 17
  'components/account/CancelSubscriptionView.tsx', // 18
  'components/account/CardChangeForm.tsx', // 4
  'components/account/CardChangeView.tsx', // 9
  'components/account/DeliveryAddressView.tsx', // 7
  'components/account/HeldRenewalConfirmation.tsx', // 7
  'components/account/InvoiceView.tsx', // 15
  'components/account/KeepSubscriptionPage.tsx', // 11
  'components/account/PublicWithdrawalPage.tsx', // 30
  'components/account/SignInConfirm.tsx', // 4
  'components/account/SignInFrame.tsx', // 4
  'components/account/SignInLinkAnswer.tsx', // 2
  'components/account/SignOutButton.tsx', // 4
  'components/account/SubscriptionCard.tsx', // 30
  'components/account/TestClockPanel.tsx', // 5
  'components/account/UndoPurchasePage.tsx', // 19
  'components/account/WithdrawSubscriptionView.tsx', // 20
  'components/account/WithdrawalAnswerPage.tsx', // 21
  'components/account/WithdrawalReceiptView.tsx', // 5
  'components/checkout/AutoRenewalTerms.tsx', // 1
  'components/checkout/BillingFields.tsx', // 1
  'components/checkout/CardBrandMarks.tsx', // 4
  'components/checkout/CheckoutSummary.tsx', // 2
  'components/checkout/DeliveryAddress.tsx', // 4
  'components/checkout/LocationFields.tsx', // 4
  'components/checkout/MarketingPermissions.tsx', // 2
  'components/checkout/PaymentPromoCode.tsx', // 1
  'components/checkout/PromoCodeForm.tsx', // 7
  'components/checkout/ProviderOutagePanel.tsx', // 1
  'components/errors/ErrorActions.tsx', // 5
  'components/errors/JourneyRefusal.tsx', // 2
  'components/shell/PreAuthCheck.tsx', // 1
  'components/shell/PreAuthGate.tsx', // 1
  'components/shell/RouteChangeLoader.tsx', // 1
  'components/steps/AuthInitiateStep.tsx', // 11
  'components/steps/CartStep.tsx', // 16
  'components/steps/CreditCardStep.tsx', // 5
  'components/steps/EmptyCart.tsx', // 4
  'components/steps/OrderSummary.tsx', // 7
  'components/steps/PromoCodeStep.tsx', // 3
  'components/steps/SuccessStep.tsx', // 35
  'components/ui/ErrorView.tsx', // 1
  'components/ui/SubscriberLinks.tsx', // 4
  'components/ui/TestModeBanner.tsx', // 2
  'pages/status.tsx', // 3
];
