/** A database URL as logs and messages may show it: the password, if any, masked. */
export function printableDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
