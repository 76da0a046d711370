import { ErrorView } from '@/components/ui/ErrorView';

export default function NotFoundPage() {
  return (
    <ErrorView
      title="Page not found"
      message="We can't find the page you were looking for. The offer may have ended, or the link may be mistyped."
    />
  );
}
