import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { serverContext } from '@/lib/server/context/serverContext';
import { authenticationRedirect } from './authenticationRedirect';
import { SANDBOX_WALLET_PAYMENT_ID } from './SandboxWalletGateway';
import type { SandboxWalletProps } from '@/lib/payments/sandbox/sandboxPages';

/** Loads the sandbox wallet payment the page is for; unknown payments are 404. */
export async function getServerSideProps(context: GetServerSidePropsContext): Promise<GetServerSidePropsResult<SandboxWalletProps>> {
  const paymentId = context.params?.paymentId;
  if (typeof paymentId !== 'string' || !SANDBOX_WALLET_PAYMENT_ID.test(paymentId)) return { notFound: true };
  const { sandboxWallets } = (await serverContext()).checkout;
  for (const gateway of sandboxWallets) {
    const payment = await gateway.find(paymentId);
    if (!payment) continue;
    context.res.setHeader('Cache-Control', 'no-store');
    return {
      props: {
        paymentId,
        wallet: gateway.wallet,
        flow: payment.flow,
        amount: payment.amount,
        currencyCode: payment.currencyCode,
        description: payment.description,
        livemode: payment.livemode,
        answeredRedirect: payment.status === 'requires_action' ? null : authenticationRedirect(payment),
      },
    };
  }
  return { notFound: true };
}
