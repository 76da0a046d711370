import type { JourneyPageProps } from '@/lib/journey/pageProps';
import { JourneyLayout } from '../ui/JourneyLayout';
import { STEP_COMPONENTS } from './registry';

/** A journey page: the brand's frame around the component of the current step. */
export function JourneyView({ flow, mode, location, search, crossSells, transaction, payments, authError }: JourneyPageProps) {
  const Step = STEP_COMPONENTS[location.step];
  return (
    <JourneyLayout brandName={flow.brandName} identity={flow.data.brandIdentity} livemode={mode.livemode}>
      <Step flow={flow} base={location.base} search={search} mode={mode} crossSells={crossSells}
        transaction={transaction}
        payments={payments}
        returnSegments={location.returnSegments}
        authError={authError}
      />
    </JourneyLayout>
  );
}
