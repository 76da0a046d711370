import { z } from 'zod';
import { OPERATOR_AREAS, OPERATOR_ROLES } from '@/lib/operators/roles';
import { plainText } from '@/lib/text/plainText';

/** The bodies and queries of the back office's routes. */
export const operatorEmail = z
  .string()
  .trim()
  .min(1, 'Enter your email address.')
  .pipe(z.email('Enter a valid email address, like name@example.com.').max(254));

export const linkRequestBody = z.strictObject({ email: operatorEmail, returnPath: z.string().max(300).optional() });
export const linkUseBody = z.strictObject({
  token: z.string().min(20, 'This sign-in link is incomplete.').max(100, 'This sign-in link is not valid.'),
});
export const factorBody = z.strictObject({
  code: z
    .string()
    .trim()
    .min(6, 'Enter the 6-digit code from your authenticator app, or a recovery code.')
    .max(20, 'Enter the 6-digit code from your authenticator app, or a recovery code.'),
});

export const tokenCreateBody = z.strictObject({
  name: z
    .string()
    .check(plainText('token name'))
    .trim()
    .min(1, 'Give the token a name, such as "QA browser suite".')
    .max(80, 'Keep the name under 80 characters.'),
  scopes: z
    .array(z.enum(OPERATOR_AREAS, 'Scopes are reports, campaigns, care or admin.'))
    .min(1, 'Choose at least one scope.')
    .max(OPERATOR_AREAS.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once.'),
});

export const operatorAddBody = z.strictObject({
  email: operatorEmail,
  name: z.string().check(plainText('name')).trim().min(1, 'Enter their name.').max(80, 'Keep the name under 80 characters.'),
  role: z.enum(OPERATOR_ROLES, 'The role is marketer, care or admin.'),
});

export const operatorUpdateBody = z
  .strictObject({
    role: z.enum(OPERATOR_ROLES, 'The role is marketer, care or admin.').optional(),
    disabled: z.boolean().optional(),
    resetFactor: z.literal(true).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Say what to change: role, disabled or resetFactor.');

export const idParam = z.string().regex(/^[a-z]+_[a-z2-7]{20}$/, 'This id is not valid.');

export const auditQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.coerce.number().int().min(1).optional(),
  target: z.string().max(120).optional(),
});
