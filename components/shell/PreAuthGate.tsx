import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { Loader } from '@/components/ui/Loader';
import { useOptionalCheckoutConfig } from './CheckoutConfig';
import { isAuthControllerStep } from '@/lib/journey/steps';
import { useWords } from './I18n';

/**
 * The check's code (the auth machine, the identity calls) loads only on campaigns that
 * enable pre-auth; written as a direct dynamic() call so that a server-rendered gated page
 * has it before hydrating.
 */
const PreAuthCheck = dynamic(() => import('./PreAuthCheck'), { loading: CheckingSignIn });

/** While the check's code loads: the loader the check itself shows while it runs. */
function CheckingSignIn() {
  const { t } = useWords();
  return <Loader type="general-processing" label={t('common.loader.checkingSignIn')} />;
}

/**
 * The optional pre-auth gate (SPEC §2, §6): on campaigns with enablePreAuth, every page but
 * the authentication-controller pages waits for the visitor's session to be verified.
 */
export function PreAuthGate({ children }: { children: ReactNode }) {
  const config = useOptionalCheckoutConfig();
  const gated = Boolean(config?.flow.data.config.enablePreAuth) && !isAuthControllerStep(config!.step);
  if (!gated) return <>{children}</>;
  return <PreAuthCheck livemode={config!.mode.livemode}>{children}</PreAuthCheck>;
}
