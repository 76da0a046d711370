import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { serverContext } from '@/lib/server/context/serverContext';
import { cardSaveSubscription, SANDBOX_PAYMENT_ID } from './SandboxGateway';
import type { SandboxAuthenticationProps } from '@/lib/payments/sandbox/sandboxPages';
import { isRenewalPaymentReturn } from '@/lib/account/cardChange';

/** Loads the sandbox payment a 3-D Secure challenge is for; unknown payments are 404. */
export async function getServerSideProps(
  context: GetServerSidePropsContext,
): Promise<GetServerSidePropsResult<SandboxAuthenticationProps>> {
  const paymentId = context.params?.paymentId;
  if (typeof paymentId !== 'string' || !SANDBOX_PAYMENT_ID.test(paymentId)) return { notFound: true };
  const { sandbox } = (await serverContext()).checkout;
  const intent = sandbox ? await sandbox.find(paymentId) : null;
  if (!intent) return { notFound: true };
  return {
    props: {
      paymentId,
      amount: intent.amount,
      currencyCode: intent.currencyCode,
      cardBrand: intent.cardBrand,
      cardLast4: intent.cardLast4,
      pending: intent.status === 'requires_action',
      // A held renewal returns to the card page too, but it is a payment, with its amount.
      cardChange: cardSaveSubscription(intent) !== null && !isRenewalPaymentReturn(intent.returnUrl ?? ''),
    },
  };
}
