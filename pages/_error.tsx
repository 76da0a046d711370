import type { NextPageContext } from 'next';
import { ErrorView } from '@/components/ui/ErrorView';

interface ErrorPageProps {
  statusCode: number;
}

const COPY: Record<number, { title: string; message: string }> = {
  400: { title: 'This link is not quite right', message: 'The address could not be read. Please check the link and try again.' },
  404: { title: 'Page not found', message: "We can't find the page you were looking for." },
  405: { title: 'Not allowed', message: 'This page cannot be used that way.' },
};

/** Any error page other than 404 and 500 (for which Next uses their own pages). */
export default function ErrorPage({ statusCode }: ErrorPageProps) {
  const copy = COPY[statusCode] ?? {
    title: 'Something went wrong',
    message: "We couldn't load this page. Nothing has been charged. Please try again in a moment.",
  };
  return <ErrorView title={copy.title} message={copy.message} />;
}

ErrorPage.getInitialProps = ({ res, err }: NextPageContext): ErrorPageProps => ({
  statusCode: res?.statusCode ?? err?.statusCode ?? 500,
});
