import { ErrorView } from '@/components/ui/ErrorView';

export default function ServerErrorPage() {
  return (
    <ErrorView
      title="Something went wrong"
      message="We couldn't load this page. Nothing has been charged. Please try again in a moment."
    />
  );
}
