import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { serverContext } from '../context/serverContext';
import { authenticationRedirect } from '../payments/sandbox/authenticationRedirect';
import { SANDBOX_WALLET_PAYMENT_ID } from '../payments/sandbox/SandboxWalletGateway';
import type { WalletFlow } from '../payments/walletFlow';
import type { CurrencyCode } from '../../pricing/currencies';
import type { WalletId } from '../../payments/methods';

export interface SandboxWalletProps {
  paymentId: string;
  wallet: WalletId;
  flow: WalletFlow;
  amount: number;
  currencyCode: CurrencyCode;
  description: string;
  livemode: boolean;
  /** Not answered yet; once answered, where the visitor went (the page offers the way on). */
  answeredRedirect: string | null;
}

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
