import { ErrorView } from '@/components/ui/ErrorView';
import type { RefusedPageProps } from '@/lib/journey/viewModels';
import { BrandHomeLink } from './ErrorActions';

/**
 * A journey request refused before its step (a malformed query: 400; a wrong method: 405):
 * says what is wrong, in the brand's look, with the way on to its offer (the same address
 * without the value that was wrong), as every error page of a brand does; in test mode with
 * its banner.
 */
export function JourneyRefusal({ status, message, brand, livemode }: RefusedPageProps) {
  const badLink = status === 400;
  return (
    <ErrorView
      title={badLink ? 'This link is not quite right' : 'Not allowed'}
      message={badLink ? `${message} Please check the link and try again.` : message}
      brand={brand}
      eyebrow={`Error ${status}`}
      livemode={livemode ?? true}
    >
      {brand?.home && <BrandHomeLink href={brand.home} brandName={brand.name} primary />}
    </ErrorView>
  );
}
