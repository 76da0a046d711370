/** How far QA moves a test subscription's own clock: a day, to its next notice, or to its next renewal (or retry, or end). */
export const CLOCK_ADVANCES = ['day', 'next-notice', 'next-renewal'] as const;
export type ClockAdvance = (typeof CLOCK_ADVANCES)[number];
