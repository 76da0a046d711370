import { ErrorView } from '@/components/ui/ErrorView';
import type { RefusedPageProps } from '@/lib/journey/viewModels';
import { BrandHomeLink } from './ErrorActions';
import { useWords } from '@/components/shell/I18n';
import type { MessageKey } from '@/lib/i18n/messageKey';

const TITLES = {
  400: 'errors.badRequest.title',
  405: 'errors.notAllowed.title',
  409: 'errors.previewOutdated.title',
  410: 'errors.previewExpired.title',
} as const satisfies Record<RefusedPageProps['status'], MessageKey>;

/**
 * A journey request refused before its step (a malformed query: 400; a wrong method: 405;
 * a preview link whose version no longer fits the catalogue: 409, or that has expired: 410):
 * says what is wrong, in the brand's look, with the way on to its offer (the same address
 * without the value that was wrong), as every error page of a brand does; in test mode with
 * its banner.
 */
export function JourneyRefusal({ status, reason, brand, livemode }: Omit<RefusedPageProps, 'i18n'>) {
  const words = useWords();
  const { t } = words;
  const badLink = status === 400;
  return (
    <ErrorView
      title={t(TITLES[status])}
      message={badLink ? t('errors.refused.badLink', { reason: words.say(reason) }) : words.say(reason)}
      brand={brand}
      eyebrow={t('common.error.eyebrow', { status })}
      livemode={livemode ?? true}
    >
      {brand?.home && <BrandHomeLink href={brand.home} brandName={brand.name} primary />}
    </ErrorView>
  );
}
