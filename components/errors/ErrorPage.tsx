import { ErrorView } from '@/components/ui/ErrorView';
import { errorKind, type ErrorPageProps } from '@/lib/journey/errorPage';
import { AccountHomeLink, BrandHomeLink, CurrentOfferLink, GoBackButton, TryAgainButton } from './ErrorActions';
import { BrandList } from './BrandList';
import { ERROR_COPY, NOT_FOUND_COPY } from './errorCopy';
import { useWords } from '@/components/shell/I18n';

/**
 * Every error page (404, 500 and the rest): in the brand's look with a way on to its offer
 * when the request was under a known brand, else neutral. A 404 says whether the offer
 * asked for has ended or is unknown, and links the brand's current offer; with no brand to
 * go on to, it lists the brands; under the account, it leads back to the account. In test
 * mode it shows the banner, as the pages its links lead to do. Renders only its props, never
 * the error.
 */
export function ErrorPage({ statusCode, brand, missing, brands, account, livemode }: ErrorPageProps) {
  const { t } = useWords();
  const kind = errorKind(statusCode);
  const { title, message } = kind === 'not_found' && missing ? NOT_FOUND_COPY[missing] : ERROR_COPY[kind];
  const serverError = kind === 'server_error';
  const home = brand?.home ?? null;
  const offerMissing = missing === 'offer_ended' || missing === 'offer_unknown';
  return (
    <ErrorView
      title={t(title)}
      message={t(message)}
      brand={brand}
      eyebrow={t('common.error.eyebrow', { status: statusCode })}
      after={brands && brands.length > 0 ? <BrandList brands={brands} /> : null}
      livemode={livemode ?? true}
    >
      {serverError && <TryAgainButton primary />}
      {brand &&
        home &&
        (offerMissing ? (
          <CurrentOfferLink href={home} brandName={brand.name} />
        ) : (
          <BrandHomeLink href={home} brandName={brand.name} primary={!serverError} />
        ))}
      {account && <AccountHomeLink href={account} primary={!serverError} />}
      {!home && !serverError && <GoBackButton />}
    </ErrorView>
  );
}
