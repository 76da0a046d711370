import { JourneyView } from '@/components/steps/JourneyView';
import { ErrorView } from '@/components/ui/ErrorView';
import type { JourneyRouteProps } from '@/lib/journey/viewModels';

export { getServerSideProps } from '@/lib/server/ssr/journeyPage';

export default function JourneyPage(props: JourneyRouteProps) {
  if (props.kind === 'refused') {
    return props.status === 405 ? (
      <ErrorView title="Not allowed" message={props.message} />
    ) : (
      <ErrorView title="This link is not quite right" message={`${props.message} Please check the link and try again.`} />
    );
  }
  return <JourneyView {...props} />;
}
