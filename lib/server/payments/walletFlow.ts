import type { WalletFlow } from '@/lib/payments/walletFlow';
import type { Purchase } from './PaymentGateway';

export const walletFlowFor = (purchase: Purchase): WalletFlow => (purchase.renewal ? 'subscription' : 'order');
