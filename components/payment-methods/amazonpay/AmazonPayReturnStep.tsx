import Link from 'next/link';
import { useWords } from '@/components/shell/I18n';
import type { StepViewProps } from '@/components/steps/stepViewProps';
import { stepHref, withoutQueryParams } from '@/lib/journey/navigation';
import { AMAZON_PAY_RETURN_PARAMS } from '@/lib/payments/amazonpay/amazonPayReturnParams';
import styles from '@/components/steps/AuthStep.module.css';

/**
 * Amazon Pay's return page: it finishes the payment on the server and moves on, so this
 * page only ever shows why it could not, with the way back to the payment step.
 */
export default function AmazonPayReturnStep({ base, search, view }: StepViewProps<'amazon-pay-return'>) {
  const { t } = useWords();
  return (
    <div className={styles.auth}>
      <h1>{t('methods.amazonPay.returnTitle')}</h1>
      <p role="alert">{view.message}</p>
      <p>
        <Link href={stepHref(base, 'credit-card', withoutQueryParams(search, AMAZON_PAY_RETURN_PARAMS))}>
          {t('methods.amazonPay.backToPayment')}
        </Link>
      </p>
    </div>
  );
}
