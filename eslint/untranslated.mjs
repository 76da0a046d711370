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
];
