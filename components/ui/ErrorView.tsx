import styles from './ErrorView.module.css';
import { DocumentTitle } from '@/components/shell/DocumentTitle';

interface ErrorViewProps {
  title: string;
  message: string;
}

/** A plain page for when the journey cannot be shown: not found, bad link, server error. */
export function ErrorView({ title, message }: ErrorViewProps) {
  return (
    <>
      <DocumentTitle title={title} />
      <main id="main" className={styles.main}>
        <h1>{title}</h1>
        <p>{message}</p>
      </main>
    </>
  );
}
