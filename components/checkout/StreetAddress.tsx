import type { ReactNode } from 'react';
import styles from './CheckoutForm.module.css';

/** A street address as the billing and delivery forms lay it out: the street, then town and postal code side by side. */
export function StreetAddress({ street, city, postalCode }: { street: ReactNode; city: ReactNode; postalCode: ReactNode }) {
  return (
    <>
      {street}
      <div className={styles.pair}>
        {city}
        {postalCode}
      </div>
    </>
  );
}
