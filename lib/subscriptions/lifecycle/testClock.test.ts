import { describe, expect, it } from 'vitest';
import { ENDED, MID_PERIOD, PERIOD_END, schedule, subscription } from '@/tests/fixtures/lifecycleStates';
import { applyEvent, type LifecycleEvent, type LifecycleOutcome, type LifecycleSubscription } from './lifecycle';

interface Row {
  name: string;
  before: LifecycleSubscription;
  event: LifecycleEvent;
  expected: LifecycleOutcome;
}

const DAY = 24 * 3600_000;
const HOUR = 3600_000;
const TEST_MODE = { livemode: false };

describe('clock moved', () => {
  const moved = (advance: 'day' | 'next-notice' | 'next-renewal', catalogueRenewalAmount = 990) =>
    ({ kind: 'clock-moved', advance, movable: true, schedule: schedule({ catalogueRenewalAmount }) }) as const;
  const rows: Row[] = [
    {
      name: 'a day ahead; the schedule untouched (the engine runs it at once)',
      before: subscription(TEST_MODE),
      event: moved('day'),
      expected: { kind: 'applied', changes: { clockOffsetMs: DAY }, mails: [], nextRunAt: PERIOD_END },
    },
    {
      name: 'another day, on a clock moved already',
      before: subscription({ ...TEST_MODE, clockOffsetMs: DAY }),
      event: moved('day'),
      expected: { kind: 'applied', changes: { clockOffsetMs: 2 * DAY }, mails: [], nextRunAt: PERIOD_END },
    },
    {
      name: 'to its next renewal: 20 days and 21 hours from 20 January, noon',
      before: subscription(TEST_MODE),
      event: moved('next-renewal'),
      expected: { kind: 'applied', changes: { clockOffsetMs: 20 * DAY + 21 * HOUR }, mails: [], nextRunAt: PERIOD_END },
    },
    {
      name: 'to its next notice: a price change, noticed 37 days before the renewal it applies from',
      before: subscription(TEST_MODE),
      event: moved('next-notice', 1190),
      expected: { kind: 'applied', changes: { clockOffsetMs: 11 * DAY + 21 * HOUR }, mails: [], nextRunAt: PERIOD_END },
    },
    {
      name: 'to its next notice, when the renewal comes first',
      before: subscription(TEST_MODE),
      event: moved('next-notice'),
      expected: { kind: 'refused', reason: 'nothing-scheduled' },
    },
    {
      name: 'to its next renewal, once ended',
      before: subscription({ ...TEST_MODE, ...ENDED }),
      event: moved('next-renewal'),
      expected: { kind: 'refused', reason: 'nothing-scheduled' },
    },
    {
      name: 'a day ahead, once ended: moved all the same',
      before: subscription({ ...TEST_MODE, ...ENDED }),
      event: moved('day'),
      expected: { kind: 'applied', changes: { clockOffsetMs: DAY }, mails: [], nextRunAt: null },
    },
    {
      name: 'one that follows the real clock',
      before: subscription(),
      event: { ...moved('day'), movable: false },
      expected: { kind: 'refused', reason: 'not-movable' },
    },
  ];
  it.each(rows)('$name', ({ before, event, expected }) => {
    expect(applyEvent(before, event, new Date(MID_PERIOD))).toEqual(expected);
  });
});
