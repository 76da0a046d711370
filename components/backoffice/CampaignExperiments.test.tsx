// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import type { StudioVersionView } from '@/lib/campaigns/studioViews';
import type { Experiment } from '@/lib/experiments/experiment';
import { experimentsApi } from '@/lib/operators/experimentsApi';
import { CampaignExperiments } from './CampaignExperiments';

const router = vi.hoisted(() => ({ replace: vi.fn(), asPath: '/admin/campaigns/vogue-demo-single' }));
vi.mock('next/router', () => ({ default: router }));
vi.mock('@/lib/operators/experimentsApi', () => ({
  experimentsApi: { start: vi.fn(), pause: vi.fn(), resume: vi.fn(), stop: vi.fn() },
}));

const api = vi.mocked(experimentsApi);

beforeEach(() => {
  vi.clearAllMocks();
  router.replace.mockResolvedValue(true);
});

const version = (n: number, publishedAt: string | null = null): StudioVersionView => ({
  version: n,
  createdAt: `2026-12-0${n}T09:00:00.000Z`,
  by: 'Mo',
  publishedAt,
});
/** Versions 2 to 4 saved as drafts after version 1, the published one: the newest first. */
const VERSIONS = [version(4), version(3), version(2), version(1, '2026-12-01T09:00:00.000Z')];

const experiment = (overrides: Partial<Experiment> = {}): Experiment => ({
  id: 'exp_0123456789abcdef',
  campaignId: 'vogue-demo-single',
  name: 'A lower first-year price',
  status: 'running',
  startedAt: '2026-12-05T10:00:00.000Z',
  pausedAt: null,
  stoppedAt: null,
  winnerKey: null,
  winnerVersion: null,
  variants: [
    { key: 'A', version: 1, weight: 50 },
    { key: 'B', version: 3, weight: 50 },
  ],
  ...overrides,
});

const show = (experiments: Experiment[] = [], versions = VERSIONS) =>
  render(<CampaignExperiments campaignId="vogue-demo-single" versions={versions} experiments={experiments} />);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const weights = () => screen.getAllByLabelText(/^Variant [A-D] weight, %$/).map((input) => (input as HTMLInputElement).value);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const sum = () => screen.getByText(/^The weights add up to/);
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('CampaignExperiments: starting one', () => {
  it('tries the newest saved version against the published one, half and half, and offers up to four variants shared evenly', () => {
    show();
    expect(screen.getByRole('heading', { level: 2, name: 'Experiments' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Start an experiment' })).toBeTruthy();
    expect(screen.getByText('A (control): version 1, published')).toBeTruthy();
    expect((screen.getByLabelText('Variant B version') as HTMLSelectElement).value).toBe('4');
    // Only versions other than the published one can be tried.
    expect(
      within(screen.getByLabelText('Variant B version'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Version 4, a draft', 'Version 3, a draft', 'Version 2, a draft']);
    expect(weights()).toEqual(['50', '50']);
    expect(sum().textContent).toBe('The weights add up to 100%.');
    // No report before there is an experiment.
    expect(screen.queryByRole('link', { name: "See the experiment's report" })).toBeNull();

    fireEvent.click(button('Add a variant'));
    expect(weights()).toEqual(['34', '33', '33']);
    expect((screen.getByLabelText('Variant C version') as HTMLSelectElement).value).toBe('3');
    fireEvent.click(button('Add a variant'));
    expect(weights()).toEqual(['25', '25', '25', '25']);
    expect((screen.getByLabelText('Variant D version') as HTMLSelectElement).value).toBe('2');
    expect(screen.queryByRole('button', { name: 'Add a variant' })).toBeNull();

    // D moves up to C; B is always there.
    fireEvent.click(button('Remove variant C'));
    expect(weights()).toEqual(['34', '33', '33']);
    expect((screen.getByLabelText('Variant C version') as HTMLSelectElement).value).toBe('2');
    expect(screen.queryByRole('button', { name: 'Remove variant D' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove variant B' })).toBeNull();
  });

  it('says as the weights are typed when they do not add up to 100', () => {
    show();
    fireEvent.change(field('Variant B weight, %'), { target: { value: '30' } });
    expect(sum().textContent).toBe('The weights add up to 80%; they must add up to 100%.');
    expect(sum().getAttribute('role')).toBe('status');
    expect(field('Variant A weight, %').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field('Variant B weight, %'))).toContain('The weights add up to 80%; they must add up to 100%.');
    fireEvent.change(field('Variant A weight, %'), { target: { value: '70' } });
    expect(sum().textContent).toBe('The weights add up to 100%.');
    expect(field('Variant A weight, %').getAttribute('aria-invalid')).toBeNull();
  });

  it('starts it, waiting meanwhile, then shows it running and loads the page again', async () => {
    let answer!: (started: Experiment) => void;
    api.start.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    show();
    fireEvent.change(field('Name'), { target: { value: '  A lower first-year price ' } });
    fireEvent.change(screen.getByLabelText('Variant B version'), { target: { value: '3' } });
    fireEvent.change(field('Variant A weight, %'), { target: { value: '60' } });
    fireEvent.change(field('Variant B weight, %'), { target: { value: '40' } });
    fireEvent.click(button('Start experiment'));
    expect(api.start).toHaveBeenCalledWith('vogue-demo-single', {
      name: 'A lower first-year price',
      variants: [
        { version: 1, weight: 60 },
        { version: 3, weight: 40 },
      ],
    });
    const waiting = screen.getByRole('button', { name: /Start experiment/ }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    expect(waiting.getAttribute('aria-busy')).toBe('true');

    answer(
      experiment({
        variants: [
          { key: 'A', version: 1, weight: 60 },
          { key: 'B', version: 3, weight: 40 },
        ],
      }),
    );
    expect(await screen.findByText('The experiment “A lower first-year price” is running.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Start an experiment' })).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'A lower first-year price' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Experiments' }));
    expect(router.replace).toHaveBeenCalledWith('/admin/campaigns/vogue-demo-single', undefined, { scroll: false });
  });

  it('shows each refused field’s problem beside it, keeping what was typed', async () => {
    api.start.mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'invalid_experiment',
        message: 'must be the published version 2 …',
        details: [
          'variants.0.version: must be the published version 2: the control is what visitors see now',
          'variants.1.version: changes discountedAmount of offer 1001 ("Vogue Digital"), which the catalogue sells as it is: give the new price a plan of its own',
          'variants.1.weight: must be at most 99',
        ],
      }),
    );
    show();
    fireEvent.change(field('Name'), { target: { value: 'Price' } });
    fireEvent.click(button('Start experiment'));
    expect((await screen.findByRole('alert')).textContent).toBe('The experiment was not started: see the problems beside the fields.');
    const tried = screen.getByLabelText('Variant B version');
    expect(tried.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(tried)).toEqual([
      'Changes discountedAmount of offer 1001 ("Vogue Digital"), which the catalogue sells as it is: give the new price a plan of its own',
    ]);
    expect(describedBy(field('Variant B weight, %'))).toEqual(['Must be at most 99', 'The weights add up to 100%.']);
    // The control has no control of its own: its weight's description carries its problem.
    expect(describedBy(field('Variant A weight, %'))).toEqual([
      'A (control): version 1, published',
      'Must be the published version 2: the control is what visitors see now',
      'The weights add up to 100%.',
    ]);
    expect(field('Name').value).toBe('Price');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
    expect(button('Start experiment').disabled).toBe(false);
  });

  it('says why it was not started when the campaign refuses it (one already runs), and lets the marketer try again', async () => {
    api.start.mockRejectedValue(
      new ApiError({ status: 409, code: 'experiment_running', message: 'The experiment "Headline" is running on this campaign.' }),
    );
    show();
    fireEvent.click(button('Start experiment'));
    expect((await screen.findByRole('alert')).textContent).toBe('The experiment "Headline" is running on this campaign.');
    expect(button('Start experiment').disabled).toBe(false);
  });

  it('asks for a published version, and for another saved one, before there is anything to try', () => {
    const { unmount } = show([], [version(1)]);
    expect(screen.getByText(/^Publish a version of the campaign first/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start experiment' })).toBeNull();
    unmount();
    show([], [version(1, '2026-12-01T09:00:00.000Z')]);
    expect(screen.getByText(/^Save another version of the campaign first/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start experiment' })).toBeNull();
  });
});

describe('CampaignExperiments: the one running', () => {
  it('shows its variants, pauses and resumes it', async () => {
    api.pause.mockResolvedValue(experiment({ status: 'paused', pausedAt: '2026-12-06T08:00:00.000Z' }));
    api.resume.mockResolvedValue(experiment());
    show([experiment()]);
    expect(screen.queryByRole('form', { name: 'Start an experiment' })).toBeNull();
    expect(screen.getByText(/^Running since 5 Dec 2026, 10:00 UTC\./)).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Variants of A lower first-year price' })).getAllByRole('row');
    expect(rows.map((row) => Array.from(row.children).map((cell) => cell.textContent))).toEqual([
      ['Variant', 'Version', 'Weight'],
      ['A (control)', '1', '50%'],
      ['B', '3', '50%'],
    ]);
    expect(screen.getByRole('link', { name: "See the experiment's report" }).getAttribute('href')).toBe(
      '/admin/funnel?campaign=vogue-demo-single',
    );

    fireEvent.click(button('Pause experiment'));
    expect(api.pause).toHaveBeenCalledWith('exp_0123456789abcdef');
    expect(await screen.findByText(/^Paused since 6 Dec 2026, 08:00 UTC/)).toBeTruthy();
    expect(screen.getByText('The experiment is paused: new visitors see the control, A; those enrolled keep their variant.')).toBeTruthy();
    fireEvent.click(button('Resume experiment'));
    expect(api.resume).toHaveBeenCalledWith('exp_0123456789abcdef');
    expect(await screen.findByRole('button', { name: 'Pause experiment' })).toBeTruthy();
    expect(router.replace).toHaveBeenCalledTimes(2);
  });

  it('says why a pause was refused', async () => {
    api.pause.mockRejectedValue(
      new ApiError({ status: 409, code: 'experiment_paused', message: 'The experiment "A lower first-year price" is already paused.' }),
    );
    show([experiment()]);
    fireEvent.click(button('Pause experiment'));
    expect((await screen.findByRole('alert')).textContent).toBe('The experiment "A lower first-year price" is already paused.');
    expect(button('Pause experiment').disabled).toBe(false);
  });

  it('stops it keeping the chosen variant once confirmed, says which version is now the campaign, and lists it as past', async () => {
    let answer!: (stopped: Experiment) => void;
    api.stop.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { rerender } = show([experiment()]);
    expect(screen.getByRole('radiogroup', { name: 'Stop and keep…' })).toBeTruthy();
    const confirm = button('Stop experiment and publish the chosen variant');
    // Nothing is chosen for the marketer: publishing needs a variant picked.
    expect(confirm.disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Keep variant A (version 1)' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Keep variant B (version 3)' }));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(api.stop).toHaveBeenCalledWith('exp_0123456789abcdef', 'B');
    expect(screen.getByRole('button', { name: /Stop experiment and publish the chosen variant/ }).getAttribute('aria-busy')).toBe('true');

    const stopped = experiment({ status: 'stopped', stoppedAt: '2026-12-08T12:00:00.000Z', winnerKey: 'B', winnerVersion: 5 });
    answer(stopped);
    expect(await screen.findByText('Variant B is now the campaign (version 5).')).toBeTruthy();
    expect(router.replace).toHaveBeenCalledWith('/admin/campaigns/vogue-demo-single', undefined, { scroll: false });
    expect(screen.getByRole('heading', { level: 3, name: 'Past experiments' })).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe(
      'A lower first-year price, 5 Dec 2026, 10:00 UTC to 8 Dec 2026, 12:00 UTC: kept variant B, published as version 5',
    );

    // The page loaded again: version 5 is the published one, the control of the next experiment.
    rerender(
      <CampaignExperiments
        campaignId="vogue-demo-single"
        versions={[version(5, '2026-12-08T12:00:00.000Z'), ...VERSIONS]}
        experiments={[stopped]}
      />,
    );
    await waitFor(() => expect(screen.getByText('A (control): version 5, published')).toBeTruthy());
    expect(screen.getByText('Variant B is now the campaign (version 5).')).toBeTruthy();
  });

  it('says why a stop was refused, keeping the variant chosen', async () => {
    api.stop.mockRejectedValue(
      new ApiError({ status: 409, code: 'experiment_changed', message: 'The experiment was changed meanwhile: reload to see it.' }),
    );
    show([experiment({ status: 'paused', pausedAt: '2026-12-06T08:00:00.000Z' })]);
    expect(button('Resume experiment')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Keep variant A (version 1)' }));
    fireEvent.click(button('Stop experiment and publish the chosen variant'));
    expect((await screen.findByRole('alert')).textContent).toBe('The experiment was changed meanwhile: reload to see it.');
    expect((screen.getByRole('radio', { name: 'Keep variant A (version 1)' }) as HTMLInputElement).checked).toBe(true);
    expect(button('Stop experiment and publish the chosen variant').disabled).toBe(false);
    expect(router.replace).not.toHaveBeenCalled();
  });
});
