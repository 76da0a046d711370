import type { CouponFigure } from '@/lib/reports/couponFigures';
import { formatCount, formatInstant } from './reportFormat';
import { ListTable } from './ListTable';
import styles from './SchemaDriftList.module.css';
import reportSection from './ReportSection.module.css';
import reportTable from './ReportTable.module.css';

const capText = (cap: number | null) => (cap === null ? 'No cap' : formatCount(cap));

function windowText(coupon: CouponFigure): string {
  if (!coupon.validFrom && !coupon.validUntil) return 'Always';
  const from = coupon.validFrom ? `from ${formatInstant(coupon.validFrom)}` : '';
  const until = coupon.validUntil ? `until ${formatInstant(coupon.validUntil)}` : '';
  return [from, until].filter(Boolean).join(' ');
}

/**
 * Each coupon's redemptions against its cap, so that marketers see a code running out (or
 * one used more than expected) before buyers are refused it. Counted since the coupon was
 * made, whatever the report's period.
 */
export function CouponFiguresSection({ coupons, modeDescription }: { coupons: readonly CouponFigure[]; modeDescription: string }) {
  return (
    <section className={reportSection.section} aria-labelledby="coupon-figures-heading">
      <h2 id="coupon-figures-heading">Promo codes</h2>
      <p className={reportSection.intro}>
        Paid orders each promo code discounted since it was made ({modeDescription}; every campaign), its cap and what remains of it. Orders
        whose payment is still under way hold a redemption for up to an hour. Live and test orders have caps of their own.
      </p>
      {coupons.length === 0 ? (
        <p className={styles.clean}>There are no promo codes in the catalogue.</p>
      ) : (
        <ListTable
          label="Promo codes and their redemptions"
          caption={`Promo codes: ${formatCount(coupons.length)} lines`}
          columns={[
            'Code',
            'Where',
            'When',
            { label: 'Redeemed', number: true },
            { label: 'Under way', number: true },
            { label: 'Cap', number: true },
            { label: 'Remaining', number: true },
            { label: 'Per buyer', number: true },
          ]}
        >
          {coupons.map((coupon) => (
            <tr key={`${coupon.code}|${coupon.livemode}`} data-testid={`coupon-${coupon.code}-${coupon.livemode ? 'live' : 'test'}`}>
              <th scope="row">
                <code className={styles.whole}>{coupon.code}</code>
                {coupon.livemode ? (
                  ''
                ) : (
                  <>
                    {' '}
                    <span className={reportTable.test}>Test</span>
                  </>
                )}
              </th>
              <td>{coupon.scope}</td>
              <td>{windowText(coupon)}</td>
              <td className={styles.number}>{formatCount(coupon.redeemed)}</td>
              <td className={styles.number}>{formatCount(coupon.held)}</td>
              <td className={styles.number}>{capText(coupon.cap)}</td>
              <td className={styles.number}>{coupon.remaining === null ? '—' : formatCount(coupon.remaining)}</td>
              <td className={styles.number}>{capText(coupon.perCustomerCap)}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  );
}
