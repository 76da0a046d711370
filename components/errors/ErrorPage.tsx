import { ErrorView } from '@/components/ui/ErrorView';
import { errorKind, type ErrorPageProps } from '@/lib/journey/errorPage';
import { BrandHomeLink, GoBackButton, TryAgainButton } from './ErrorActions';
import { ERROR_COPY } from './errorCopy';

/**
 * Every error page (404, 500 and the rest): in the brand's look with a way back to its offer
 * when the request was under a known brand, else neutral. Renders only its props: the
 * status and the brand, never the error.
 */
export function ErrorPage({ statusCode, brand }: ErrorPageProps) {
  const kind = errorKind(statusCode);
  const { title, message } = ERROR_COPY[kind];
  const serverError = kind === 'server_error';
  return (
    <ErrorView title={title} message={message} brand={brand} eyebrow={`Error ${statusCode}`}>
      {serverError && <TryAgainButton primary />}
      {brand ? <BrandHomeLink href={brand.home} brandName={brand.name} primary={!serverError} /> : !serverError && <GoBackButton />}
    </ErrorView>
  );
}
