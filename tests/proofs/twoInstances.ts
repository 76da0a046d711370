import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { attemptState, describeAnswer, submit, submitBody } from './checkout';
import { Checks, type ProofResult } from './proof';
import type { ProofServer } from './server';

const OFFER = '/vogue/demo-single';
const TEST_MODE = 'livemode=false&source=proofs';

async function page(
  server: ProofServer,
  path: string,
  cookie = '',
): Promise<{ status: number; html: string; setCookie: string[]; location: string | null }> {
  const response = await fetch(`${server.base}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  return {
    status: response.status,
    html: await response.text(),
    setCookie: response.headers.getSetCookie(),
    location: response.headers.get('location'),
  };
}

const cookiePairs = (setCookie: readonly string[]) => setCookie.map((line) => line.split(';')[0]!).filter((pair) => !pair.endsWith('='));

/**
 * Two instances on one database (PostgreSQL): a visitor whose every request lands on the
 * other instance than the one before still buys. The offer page and the cart come from
 * different instances; a sign-in link asked for on one is used on the other and the session
 * is known to the first; the submit goes to one, its repeat to the other (one charge), and
 * the success page with the invoice comes from the other again. Nothing the second request
 * needs may live in the first instance's memory.
 */
export async function twoInstances(
  a: ProofServer,
  b: ProofServer,
  db: Kysely<Database>,
  setup: { migratedByA: number },
): Promise<ProofResult> {
  const checks = new Checks();
  const [first, second] = [a, b];
  checks.that(
    setup.migratedByA === 200,
    'instance A migrated the empty database itself (its first request answered 200)',
    setup.migratedByA,
  );

  const offer = await page(first, `${OFFER}?${TEST_MODE}`);
  checks.that(offer.status === 200 && offer.html.includes('</html>'), 'instance A serves the offer page', offer.status);
  const cart = await page(second, `${OFFER}/cart?${TEST_MODE}`);
  checks.that(cart.status === 200, 'instance B serves its cart', cart.status);

  // A session made on one instance is known to the other.
  const email = `two-instances-${randomUUID().slice(0, 8)}@example.com`;
  const asked = await fetch(`${first.base}/api/identity/links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      purpose: 'sign-in',
      brand: 'vogue',
      urlSlug: 'demo-single',
      returnPath: `${OFFER}/credit-card?${TEST_MODE}`,
    }),
  });
  checks.that(asked.status === 202, 'A sends a sign-in link', asked.status);
  // The asking browser's nonce cookie: with it the link signs in at once (without it, the page would ask to confirm).
  const nonceCookie = cookiePairs(asked.headers.getSetCookie()).join('; ');
  const mail = await db.selectFrom('outbox').select('link').where('to_email', '=', email).executeTakeFirst();
  checks.that(Boolean(mail?.link), 'the link is in the shared outbox');
  let sessionCookie = '';
  if (mail?.link) {
    const link = new URL(mail.link);
    const consumed = await page(second, `${link.pathname}${link.search}`, nonceCookie);
    sessionCookie = cookiePairs(consumed.setCookie).join('; ');
    checks.that(consumed.status >= 300 && consumed.status < 400 && sessionCookie !== '', 'B takes the link and signs the visitor in', {
      status: consumed.status,
      cookies: consumed.setCookie.length,
    });
  }
  const profile = await fetch(`${first.base}/martech/api/user/v2/profile`, { headers: { cookie: sessionCookie, livemode: 'false' } });
  const profileBody = (await profile.json().catch(() => null)) as { email?: string } | null;
  checks.that(profile.status === 200 && profileBody?.email === email, 'A knows the session B made', {
    status: profile.status,
    body: profileBody,
  });

  // The purchase: submit on A, the same submit again on B, the success page from B.
  const key = randomUUID();
  const body = submitBody(key);
  const paid = await submit(first.base, body);
  checks.that(paid.status === 200 && paid.body?.status === 'succeeded', 'A takes the payment', describeAnswer(paid));
  const again = await submit(second.base, body);
  checks.that(
    again.status === 200 && again.body?.transactionId === paid.body?.transactionId,
    "B answers the attempt's repeat with the same order",
    describeAnswer(again),
  );
  const state = await attemptState(db, key);
  checks.that(state.charges.length === 1 && state.transactions.length === 1, 'one charge, one transaction', {
    charges: state.charges.length,
    transactions: state.transactions.length,
  });
  const invoice = state.transactions[0]?.invoice_number ?? null;
  let success = { status: 0, showsInvoice: false };
  if (paid.body?.successPath) {
    const shown = await page(second, paid.body.successPath, paid.cookie);
    success = { status: shown.status, showsInvoice: Boolean(invoice && shown.html.includes(invoice)) };
  }
  checks.that(success.status === 200 && success.showsInvoice, 'B shows the success page with the invoice of the order A took', success);

  // The marketers' report reads the orders and the tracking events, on PostgreSQL too. A
  // marketer's signed-in session is written into the shared database (the sign-in itself, by
  // link and second factor, is tested elsewhere); signed out, the page would send to sign in.
  const marketer = await signedInOperator(db, 'marketer');
  const report = await fetch(`${first.base}/admin/funnel?mode=test`, { headers: { cookie: marketer.cookie }, redirect: 'manual' });
  const reportHtml = await report.text();
  // Its revenue is the test order's total (Vogue Digital, $25.00): the order was read back from the database.
  checks.that(report.status === 200 && reportHtml.includes('$25.00'), "A shows the funnel report with the order's revenue", report.status);

  return {
    title: 'two instances on one PostgreSQL: a purchase whose steps alternate between them completes',
    ok: checks.ok,
    checks: checks.lines,
    measures: {
      migratedByA: setup.migratedByA,
      report: report.status,
      offer: offer.status,
      cart: cart.status,
      signIn: Boolean(sessionCookie),
      submit: describeAnswer(paid),
      repeat: describeAnswer(again),
      charges: state.charges.length,
      invoice,
    },
  };
}
