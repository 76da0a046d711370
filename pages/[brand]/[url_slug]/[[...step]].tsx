import { JourneyView } from '@/components/steps/JourneyView';
import { JourneyRefusal } from '@/components/errors/JourneyRefusal';
import type { JourneyRouteProps } from '@/lib/journey/viewModels';

export { getServerSideProps } from '@/lib/server/ssr/journeyPage';

export default function JourneyPage(props: JourneyRouteProps) {
  return props.kind === 'refused' ? <JourneyRefusal {...props} /> : <JourneyView {...props} />;
}
