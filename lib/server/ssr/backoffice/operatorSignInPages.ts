import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import QRCode from 'qrcode';
import type {
  BackOfficeRefusal,
  OperatorFactorPageProps,
  OperatorLinkPageProps,
  OperatorSignInPageProps,
} from '@/lib/operators/backOfficeViews';
import { operatorReturnPath } from '@/lib/operators/operatorPaths';
import { searchOf } from '@/lib/journey/navigation';
import { serverContext } from '@/lib/server/context/serverContext';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { operatorOfSession } from '@/lib/server/operators/operatorAccess';
import { readOperatorToken } from '@/lib/server/operators/operatorCookies';
import { backOfficeHeaders } from './backOfficePage';

type Result<P> = Promise<GetServerSidePropsResult<P | BackOfficeRefusal>>;

const queryOf = (context: GetServerSidePropsContext) => new URLSearchParams(searchOf(context.resolvedUrl));

/** /admin/sign-in: an operator signed in already goes on; anyone else asks for a link. */
export async function signInPageProps(context: GetServerSidePropsContext): Result<OperatorSignInPageProps> {
  const refused = backOfficeHeaders(context);
  if (refused) return { props: refused };
  const returnPath = operatorReturnPath(queryOf(context).get('return'));
  if (await operatorOfSession(context.req, await serverContext())) return { redirect: { destination: returnPath, permanent: false } };
  return { props: { kind: 'sign-in', returnPath } };
}

/**
 * /admin/sign-in/link?token=…: opening the link uses nothing (a mail scanner opens links
 * too); the page's button posts the token. The page is not indexed and sends no referrer.
 */
export async function linkPageProps(context: GetServerSidePropsContext): Result<OperatorLinkPageProps> {
  const refused = backOfficeHeaders(context);
  if (refused) return { props: refused };
  context.res.setHeader('Referrer-Policy', 'no-referrer');
  const query = queryOf(context);
  const token = query.get('token') ?? '';
  if (!/^[\w-]{20,100}$/.test(token)) return { props: { kind: 'no-token' } };
  return { props: { kind: 'link', token, returnPath: operatorReturnPath(query.get('return')) } };
}

/** /admin/sign-in/factor: the QR code to enrol (the first time), or the code to give; without a pending sign-in, a page that says so. */
export async function factorPageProps(context: GetServerSidePropsContext): Result<OperatorFactorPageProps> {
  const refused = backOfficeHeaders(context);
  if (refused) return { props: refused };
  const server = await serverContext();
  const returnPath = operatorReturnPath(queryOf(context).get('return'));
  const token = readOperatorToken(context.req.headers.cookie, secureCookies(server.config));
  const session = await server.operators.signIn.session(token);
  if (!session) return { props: { kind: 'expired' } };
  if (session.stage === 'signed-in') return { redirect: { destination: returnPath, permanent: false } };
  if (session.stage === 'factor') return { props: { kind: 'factor', email: session.operator.email, returnPath } };
  const enrolment = await server.operators.signIn.enrolment(token);
  if (!enrolment) return { props: { kind: 'expired' } };
  const svg = await QRCode.toString(enrolment.uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return {
    props: {
      kind: 'enrol',
      email: session.operator.email,
      secret: enrolment.secret,
      qrSvgDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      returnPath,
    },
  };
}
