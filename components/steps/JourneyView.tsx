import { useRef, type ComponentType } from 'react';
import type { JourneyPageProps } from '@/lib/journey/viewModels';
import { stepTitle } from '@/lib/journey/stepTitle';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { I18nProvider, useWords } from '@/components/shell/I18n';
import { JourneyLayout } from '@/components/ui/JourneyLayout';
import { STEP_VIEWS } from './registry';
import { loadedStepView } from './stepCode';
import { useNavigationFeedback } from './useNavigationFeedback';
import { useShownStep } from './useShownStep';

/**
 * A journey page: the brand's frame around the view of the current step, and the tab's title
 * of that step (lib/journey/stepTitle.ts). On a client-side
 * move the tapped link or button answers at once (useNavigationFeedback) and the previous
 * step stays in view until the next one's code is here (useShownStep), with its own words:
 * the next page carries only its step's namespaces.
 */
export function JourneyView(props: JourneyPageProps) {
  const shown = useShownStep(props);
  const main = useRef<HTMLElement>(null);
  useNavigationFeedback(main);
  // The union is keyed by step, so the view found for shown.step takes exactly these props.
  const Step = (loadedStepView(shown.step) ?? STEP_VIEWS[shown.step]) as ComponentType<JourneyPageProps>;
  const { flow, mode } = shown;
  return (
    <I18nProvider page={shown.i18n}>
      <ShownStepTitle page={shown} />
      <JourneyLayout
        brandName={flow.brandName}
        identity={flow.data.brandIdentity}
        livemode={mode.livemode}
        preview={flow.preview}
        pricesIncludeTax={flow.pricesIncludeTax}
        mainRef={main}
      >
        <Step {...shown} />
      </JourneyLayout>
    </I18nProvider>
  );
}

/** The frame names the tab after the step it shows: set on every move, whatever the step's code does. */
function ShownStepTitle({ page }: { page: JourneyPageProps }) {
  return <DocumentTitle title={stepTitle(page, useWords())} />;
}
