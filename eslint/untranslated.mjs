// Buyer-facing files that still write English into their JSX (issue 38): the literal-text rule
// (eslint/noLiteralText.mjs) skips them until each is moved to the message catalogues, then
// it leaves this list. The number is what the rule found in each when the list was made.
export const UNTRANSLATED = [
  'components/account/CancelDeclarationPage.tsx', // 17
  'components/account/CancelSubscriptionView.tsx', // 18
  'components/account/CardChangeForm.tsx', // 4
  'components/account/CardChangeView.tsx', // 9
  'components/account/DeliveryAddressView.tsx', // 7
  'components/account/HeldRenewalConfirmation.tsx', // 7
  'components/account/InvoiceView.tsx', // 15
  'components/account/KeepSubscriptionPage.tsx', // 11
];
