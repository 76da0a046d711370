import type { ComponentProps, RefObject } from 'react';
import dynamic from 'next/dynamic';
import type { CardConfig } from '@/lib/payments/stripe/cardDeclaration';
import { SandboxCardFields } from '@/components/payment-methods/sandbox/SandboxCardFields';
import { Loader } from '@/components/ui/Loader';
import { useWords } from '@/components/shell/I18n';
import type { StripeCardHandle } from './StripeCardSection';

/** What the provider's card fields give the page that keeps a card: Stripe Elements' payment method and 3-D Secure. */
export type KeptCardHandle = StripeCardHandle;

/** Stripe Elements load only where Stripe takes the cards, and only in the browser (as on the payment step). */
const StripeCardSection = dynamic(() => import('./StripeCardSection'), {
  ssr: false,
  loading: () => <LoadingCardForm />,
});

function LoadingCardForm() {
  const { t } = useWords();
  return <Loader type="form-loading" label={t('methods.card.loading')} />;
}

/** Whether the provider's own fields take the card (Stripe Elements), rather than the sandbox's typed into our page. */
export const providerTakesTheCard = (config: CardConfig | null): config is Extract<CardConfig, { publishableKey: string }> =>
  config?.gateway === 'stripe';

/**
 * The fields of a card kept for a subscription's renewals (the account's card page): Stripe
 * Elements where Stripe takes the cards, the sandbox's fields otherwise.
 */
export function KeptCardFields({
  config,
  handleRef,
  sandbox,
}: {
  config: CardConfig | null;
  handleRef: RefObject<KeptCardHandle | null>;
  sandbox: ComponentProps<typeof SandboxCardFields>;
}) {
  return providerTakesTheCard(config) ? (
    <StripeCardSection publishableKey={config.publishableKey} handleRef={handleRef} />
  ) : (
    <SandboxCardFields {...sandbox} />
  );
}
