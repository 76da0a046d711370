import type { ComponentType } from 'react';
import type { JourneyPageProps } from '@/lib/journey/viewModels';
import { JourneyLayout } from '@/components/ui/JourneyLayout';
import { STEP_VIEWS } from './registry';

/** A journey page: the brand's frame around the view of the current step. */
export function JourneyView(props: JourneyPageProps) {
  // The union is keyed by step, so the view found for props.step takes exactly these props.
  const Step = STEP_VIEWS[props.step] as ComponentType<JourneyPageProps>;
  const { flow, mode } = props;
  return (
    <JourneyLayout brandName={flow.brandName} identity={flow.data.brandIdentity} livemode={mode.livemode}>
      <Step {...props} />
    </JourneyLayout>
  );
}
