/** Where times are shown when the buyer's time zone is not known: orders from before it was kept, a browser that sent none. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** What an IANA time zone name can look like ("Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5"). */
export const TIME_ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** The longest name the IANA database has is 32 characters: a little room, then refused. */
export const TIME_ZONE_MAX_LENGTH = 64;

/**
 * The canonical name of a time zone this runtime knows ("europe/berlin" → "Europe/Berlin"),
 * or UTC: a zone the browser knows and Node does not (a newer database) must not stop a
 * purchase, it only shows its times in UTC.
 */
export function knownTimeZone(name: string | null | undefined): string {
  if (!name) return DEFAULT_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
