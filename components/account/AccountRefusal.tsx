import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { AccountFrame } from './AccountFrame';

/** An account page that could not be shown (a wrong method, a malformed mode): why, in the account's frame. */
export function AccountRefusal({ refused }: { refused: { status: number; message: string } }) {
  return (
    <AccountFrame brand={null} livemode email={null}>
      <DocumentTitle title="Your account" />
      <h1>We could not open this page</h1>
      <p role="alert">{refused.message}</p>
      <p>
        <a href="/account">Go to your account</a>
      </p>
    </AccountFrame>
  );
}
