// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorView } from '@/lib/operators/backOfficeViews';
import type { JobView } from '@/lib/operators/jobViews';
import { JobsView } from './JobsView';

const admin: OperatorView = { id: 'op_1', email: 'ada@example.com', name: 'Ada', role: 'admin', enrolled: true, disabledAt: null };
const NOW = '2026-12-01T12:00:00.000Z';

const renewals: JobView = {
  name: 'renewals',
  title: 'Renewals, retries and ends that are due',
  intervalMs: 60_000,
  lastRun: {
    startedAt: '2026-12-01T11:00:00.000Z',
    finishedAt: '2026-12-01T11:00:01.200Z',
    durationMs: 1_200,
    items: 5,
    failures: 1,
    error: 'database away',
    instance: 'host-b:7',
  },
  backlog: { waiting: 3, oldestAt: '2026-12-01T11:56:00.000Z' },
  behind: true,
};
const mail: JobView = {
  name: 'mail',
  title: 'Queued e-mails',
  intervalMs: 15_000,
  lastRun: { ...renewals.lastRun!, startedAt: '2026-12-01T11:59:50.000Z', durationMs: 80, items: 2, failures: 0, error: null },
  backlog: { waiting: 0, oldestAt: null },
  behind: false,
};
const stuck: JobView = {
  name: 'stuck-attempts',
  title: 'Checkout attempts left without an answer',
  intervalMs: null,
  lastRun: null,
  backlog: null,
  behind: false,
};

describe('JobsView', () => {
  it('shows each job in a table: its schedule, last run in words, counts, last error, backlog and state', () => {
    render(<JobsView operator={admin} now={NOW} jobs={[renewals, mail, stuck]} />);
    const table = screen.getByRole('table', { name: 'Background jobs, their last run and their backlog' });
    const row = (title: string) =>
      within(table)
        .getAllByRole('row')
        .find((candidate) => within(candidate).queryByRole('rowheader', { name: new RegExp(title) }))!;
    const cells = (title: string) =>
      within(row(title))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Renewals')).toEqual([
      'Every 1 minute',
      '1 hour ago (1 Dec 2026, 11:00 UTC)',
      '1 second',
      '5',
      '1',
      'database away',
      '3 waiting, the oldest for 4 minutes',
      'Behind',
    ]);
    expect(cells('Queued e-mails')).toEqual([
      'Every 15 seconds',
      '10 seconds ago (1 Dec 2026, 11:59 UTC)',
      'under a second',
      '2',
      '0',
      'None',
      'Nothing',
      'On time',
    ]);
    expect(cells('Checkout attempts')).toEqual(['Not on a schedule here', 'Never', '—', '—', '—', 'None', 'Could not be read', 'On time']);
    expect(
      within(row('Renewals'))
        .getByText(/1 hour ago/)
        .getAttribute('datetime'),
    ).toBe('2026-12-01T11:00:00.000Z');
  });

  it('says which jobs are behind in an alert, and is in the back office navigation for admins', () => {
    render(<JobsView operator={admin} now={NOW} jobs={[renewals, mail]} />);
    expect(screen.getByRole('alert').textContent).toMatch(/^Behind: Renewals, retries and ends that are due\. No server has run it/);
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Background jobs' }).getAttribute('href')).toBe('/admin/jobs');
  });

  it('raises no alert when every job is on time', () => {
    render(<JobsView operator={admin} now={NOW} jobs={[mail]} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal as the other back-office pages do', () => {
    render(<JobsView kind="refused" status={403} title="Not for your role" message="Only admins see the background jobs." />);
    expect(screen.getByRole('heading', { name: 'Not for your role' })).toBeTruthy();
  });
});
