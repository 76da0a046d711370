import { completeSignIn } from '@/lib/server/ssr/completeSignIn';
import type { StepLoader } from '@/lib/server/ssr/stepLoader';

/** auth/complete: a valid link signs in and returns; otherwise the page says why (400 invalid, 410 expired or used). */
export const loadAuthComplete: StepLoader<'auth-complete'> = async (context) => {
  context.res.setHeader('Referrer-Policy', 'no-referrer');
  // A HEAD (a link scanner) must not spend the link.
  if (context.req.method === 'HEAD') return { view: { authError: 'invalid' } };
  const outcome = await completeSignIn(context, context.server, context.base, context.search);
  if (outcome.kind === 'redirect') return { redirect: outcome.destination };
  context.res.statusCode = outcome.reason === 'invalid' ? 400 : 410;
  return { view: { authError: outcome.reason } };
};
