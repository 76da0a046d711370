import Link from 'next/link';
import type { ReactNode } from 'react';
import styles from './ContinueLink.module.css';

/** The step's way on, in the brand's colour: a link styled as the main button. */
export function ContinueLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link className={styles.continue} href={href}>
      {children}
    </Link>
  );
}
