/**
 * Whether a return path's path part (before any `?`) holds a `.` or `..` segment, written
 * plainly or percent-encoded (%2e, %2E, mixed), or a backslash, which browsers read as a
 * slash. A browser resolves these before it asks (`/admin/../mailbox` opens `/mailbox`), so a
 * check of the prefix alone would let a return path leave the area it was checked for.
 */
export function hasDotSegment(candidate: string): boolean {
  const [path = ''] = candidate.split('?', 1);
  if (path.includes('\\')) return true;
  return path
    .replace(/%2e/gi, '.')
    .split('/')
    .some((segment) => segment === '.' || segment === '..');
}
