import type { ServerEnv } from '@/lib/server/config/serverEnv';

/**
 * Whether the cookies the server sets carry Secure: the site's own address says so
 * (PUBLIC_ORIGIN, required in production), never a request's Host header, which a proxy
 * in front may well set to localhost (nginx's default). Without PUBLIC_ORIGIN (a developer's
 * machine, plain http) they do not, or the browser would drop them.
 */
export const secureCookies = (env: Pick<ServerEnv, 'PUBLIC_ORIGIN'>): boolean => env.PUBLIC_ORIGIN?.startsWith('https://') ?? false;
