/** "under a second", "12 seconds", "4 minutes", "2 hours 5 minutes", "3 days": how long, in words an operator reads at a glance. */
export function spanWords(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 1) return 'under a second';
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(minutes % 60, 'minute')}`;
  return plural(Math.floor(hours / 24), 'day');
}

/** "4 minutes ago" against the page's own time (the server's), so that the server's and the browser's render agree. */
export const agoWords = (iso: string, now: string): string => `${spanWords(Date.parse(now) - Date.parse(iso))} ago`;
