import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { useWords } from '@/components/shell/I18n';
import { refusalMessage } from '@/lib/account/accountRefusal';
import { withLang } from '@/lib/i18n/langLink';
import { AccountFrame } from './AccountFrame';

/** An account page that could not be shown (a wrong method, a malformed mode): why, in the account's frame. */
export function AccountRefusal({ refused }: { refused: { status: number; message: string } }) {
  const { t, locale } = useWords();
  return (
    <AccountFrame brand={null} livemode email={null}>
      <DocumentTitle title={t('account.frame.title')} />
      <h1>{t('account.refusal.heading')}</h1>
      <p role="alert">{t(refusalMessage(refused.status))}</p>
      <p>
        <a href={withLang('/account', locale)}>{t('account.refusal.goToAccount')}</a>
      </p>
    </AccountFrame>
  );
}
