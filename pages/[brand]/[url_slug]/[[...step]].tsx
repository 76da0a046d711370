import dynamic from 'next/dynamic';
import { JourneyView } from '@/components/steps/JourneyView';
import type { JourneyRouteProps } from '@/lib/journey/viewModels';

export { getServerSideProps } from '@/lib/server/ssr/journeyPage';

/**
 * A refused request's page (400, 405) is rare: its view and the error frame load with it,
 * not in every offer page's first load. A direct dynamic() call, so that Next preloads its
 * chunk before hydrating a refusal it rendered on the server.
 */
const JourneyRefusal = dynamic(() => import('@/components/errors/JourneyRefusal').then((module) => module.JourneyRefusal));

export default function JourneyPage(props: JourneyRouteProps) {
  return props.kind === 'refused' ? <JourneyRefusal {...props} /> : <JourneyView {...props} />;
}
