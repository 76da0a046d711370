import type { z } from 'zod';
import { billingSchemas } from '@/lib/checkout/billing';
import { parseLocale } from '@/lib/i18n/locales';
import { HttpError } from '@/lib/server/http/HttpError';
import { parseRequest } from '@/lib/server/http/apiRoute';

/**
 * The submit's body, parsed as every route's is (a 400 naming each field). Where only the
 * billing details are wrong, which the buyer typed, the refusal also carries their wording
 * from the form's own messages: answered in the buyer's language (`answeredIn`), each
 * sentence naming its field ("Enter a valid ZIP code, such as 95014.").
 */
export function parseSubmit<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const { keyOf } = billingSchemas();
  const worded = result.error.issues.map((issue) => (issue.path[0] === 'billing' ? keyOf.get(issue.message) : undefined));
  try {
    return parseRequest(schema, body, 'body');
  } catch (error) {
    if (!(error instanceof HttpError) || worded.some((descriptor) => descriptor === undefined)) throw error;
    const sentences = [...new Set(worded)];
    throw new HttpError(error.status, error.code, error.message, error.details, {
      wording: (words) => sentences.map((descriptor) => words.say(descriptor!)).join(' '),
    });
  }
}

/** The language a submit's body names, read before it is parsed (its refusals are worded in it); null: none or unknown. */
export function bodyLocale(body: unknown): string | null {
  const locale = (body as { locale?: unknown } | null)?.locale;
  return typeof locale === 'string' ? parseLocale(locale) : null;
}
