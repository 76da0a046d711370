import Head from 'next/head';
import Link from 'next/link';
import { Loader } from '../ui/Loader';
import { Price } from '../ui/Price';
import type { CheckoutFlow } from '@/lib/catalogue/types';
import { cartTotal } from '@/lib/cart/cart';
import { useCart } from '@/lib/cart/useCart';
import { journeyHref } from '@/lib/journey/navigation';
import styles from './CartStep.module.css';

export interface CartStepProps {
  flow: CheckoutFlow;
  base: string;
  search: string;
}

/** The cart: the offer the visitor chose, with today's total and a way back to the offers. */
export default function CartStep({ flow, base, search }: CartStepProps) {
  const { cart } = useCart(flow.campaignId);
  const offersHref = journeyHref(base, '', search);
  const first = cart?.[0];
  return (
    <>
      <Head>
        <title>{`Your cart | ${flow.brandName}`}</title>
      </Head>
      <section className={styles.cart} aria-labelledby="cart-heading">
        <h1 id="cart-heading">Your cart</h1>
        {cart === null && <Loader type="form-loading" label="Loading your cart…" />}
        {cart !== null && !first && (
          <p>
            Your cart is empty. <Link href={offersHref}>Choose a subscription</Link>
          </p>
        )}
        {cart !== null && first && (
          <>
            <ul className={styles.items} aria-label="Items in your cart">
              {cart.map((item) => (
                <li key={item.id} className={styles.item} data-cart-item={item.id}>
                  <span>{item.name}</span>
                  <Price cents={item.price} currencyCode={item.currencyCode} />
                </li>
              ))}
            </ul>
            <p className={styles.total}>
              <span>Total today</span>
              <Price cents={cartTotal(cart)} currencyCode={first.currencyCode} />
            </p>
            <p>
              <Link href={offersHref}>Change your subscription</Link>
            </p>
          </>
        )}
      </section>
    </>
  );
}
