import { z } from 'zod';

/**
 * Server configuration, read once from the environment and validated; a bad value stops
 * the server at start with a message that names it. Browser-visible values live in
 * publicEnv.ts only.
 */
const serverEnvSchema = z.object({
  DATABASE_URL: z.string().min(1).default('file:data/journey.db'),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  APP_ENV: z.enum(['development', 'test', 'staging', 'production']).default('development'),
  SENTRY_DSN: z.url().optional(),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export function parseServerEnv(env: Record<string, string | undefined>): ServerEnv {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = serverEnvSchema.safeParse(blankless);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid server configuration: ${problems}`);
  }
  return result.data;
}

let cached: ServerEnv | null = null;

export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}
