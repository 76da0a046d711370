/** How far QA moves a test subscription's own clock: a day, or to its next renewal (or retry, or end). */
export const CLOCK_ADVANCES = ['day', 'next-renewal'] as const;
export type ClockAdvance = (typeof CLOCK_ADVANCES)[number];
