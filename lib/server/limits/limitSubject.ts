import { z } from 'zod';
import { typedClientKey } from '@/lib/server/http/clientAddress';
import type { LimitSubjectView } from '@/lib/operators/limitViews';

export const SUBJECT_PROBLEM = 'Enter an IP address (such as 203.0.113.7 or 2001:db8::1) or a whole e-mail address.';

const email = z.email().max(254);

/**
 * Whose limits an operator asks for, from what they typed: an IP address becomes the limit
 * key its requests count under (IPv6 by its /64, as requestClientKey), an e-mail address is
 * trimmed and lower-cased as the sign-in limits count it; anything else is null.
 */
export function parseLimitSubject(typed: string): LimitSubjectView | null {
  const text = typed.trim();
  const key = typedClientKey(text);
  if (key !== null) return { kind: 'client', key };
  const address = text.toLowerCase();
  return email.safeParse(address).success ? { kind: 'email', key: address } : null;
}

/** The subject as a field of a query or body: what was typed, turned into a subject, or a 400 that says what to type. */
export const limitSubjectField = z
  .string()
  .max(254, SUBJECT_PROBLEM)
  .transform((typed, context) => {
    const subject = parseLimitSubject(typed);
    if (subject === null) context.addIssue({ code: 'custom', message: SUBJECT_PROBLEM });
    return subject ?? { kind: 'client' as const, key: '' };
  });

export const limitsQuery = z.strictObject({ subject: limitSubjectField });

/** Lifting: whose limit, and which one (its id from the list) or all of them. */
export const liftBody = z.strictObject({
  subject: limitSubjectField,
  limit: z
    .string()
    .max(80)
    .regex(/^(all|[a-z-]+:(live|test|both))$/, 'Name the limit to lift as the list gives it, or "all".'),
});
