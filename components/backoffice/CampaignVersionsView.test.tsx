// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import type { StudioCampaignPageProps } from '@/lib/campaigns/studioViews';
import type { OperatorView } from '@/lib/operators/backOfficeViews';
import { campaignStudioApi } from '@/lib/operators/campaignStudioApi';
import { CampaignVersionsView } from './CampaignVersionsView';

const assign = vi.fn<(path: string) => void>();
vi.mock('@/lib/operators/campaignStudioApi', () => ({ campaignStudioApi: { preview: vi.fn(), changeRenewalPrice: vi.fn() } }));

const api = vi.mocked(campaignStudioApi);
const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';

beforeEach(() => {
  vi.clearAllMocks();
  // The preview page is opened by a whole page load (its own policy frames the link).
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
});

const marketer: OperatorView = { id: 'op_1', email: 'mo@example.com', name: 'Mo', role: 'marketer', enrolled: true, disabledAt: null };

const props = (overrides: Partial<StudioCampaignPageProps> = {}): StudioCampaignPageProps => ({
  operator: marketer,
  campaignId: 'gq-demo-gbp',
  campaign: null,
  heldOffers: [],
  versions: [
    { version: 2, createdAt: '2026-12-03T16:00:00.000Z', by: 'Catalogue import', publishedAt: null },
    { version: 1, createdAt: '2026-12-01T09:30:00.000Z', by: 'Catalogue import', publishedAt: '2026-12-01T09:30:00.000Z' },
  ],
  comparison: { from: 1, to: 2, changes: [{ field: 'headline', before: '"Subscribe to GQ"', after: '"GQ, for less"' }] },
  ...overrides,
});

describe('CampaignVersionsView', () => {
  it('lists the versions, newest first, and each field that differs between the two compared', () => {
    render(<CampaignVersionsView {...props()} />);
    expect(screen.getByText('The catalogue no longer has this campaign; its versions remain.')).toBeTruthy();
    const versions = within(screen.getByRole('region', { name: 'Versions' })).getAllByRole('listitem');
    expect(versions.map((item) => item.textContent)).toEqual([
      'Version 2, 3 Dec 2026, 16:00 UTC, by Catalogue import, a draft Preview version 2',
      'Version 1, 1 Dec 2026, 09:30 UTC, by Catalogue import, published 1 Dec 2026, 09:30 UTC Preview version 1 Restore version 1 as a draft',
    ]);
    expect((screen.getByLabelText('Compare version') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('with version') as HTMLSelectElement).value).toBe('2');
    expect(screen.getByRole('heading', { level: 2, name: 'Version 1 and version 2: 1 field differs' })).toBeTruthy();
    const change = screen.getByTestId('version-change');
    expect(within(change).getByRole('heading', { level: 3, name: 'headline' })).toBeTruthy();
    expect(within(change).getByText('"GQ, for less"')).toBeTruthy();
  });

  it('offers no comparison with a single version, and says when none is recorded', () => {
    const { unmount } = render(<CampaignVersionsView {...props({ versions: [props().versions[1]!], comparison: null })} />);
    expect(screen.queryByRole('button', { name: 'Compare' })).toBeNull();
    unmount();
    render(<CampaignVersionsView {...props({ versions: [], comparison: null })} />);
    expect(screen.getByText('No version is recorded yet: the next catalogue import records what it is then.')).toBeTruthy();
  });

  it('makes a preview link of any version, waiting while it is made, then opens its page', async () => {
    let answer!: (link: Awaited<ReturnType<typeof campaignStudioApi.preview>>) => void;
    api.preview.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<CampaignVersionsView {...props()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview version 1' }));
    const making = screen.getByRole('button', { name: 'Making the link…' }) as HTMLButtonElement;
    expect(making.disabled).toBe(true);
    // One link at a time: the other version's button waits too.
    expect((screen.getByRole('button', { name: 'Preview version 2' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.preview).toHaveBeenCalledWith('gq-demo-gbp', 1);
    answer({ campaignId: 'gq-demo-gbp', version: 1, path: `/gq/demo-gbp?preview=${TOKEN}`, expiresAt: '2026-12-04T16:00:00.000Z' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/admin/campaigns/gq-demo-gbp/preview?link=${TOKEN}`));
  });

  it('says why a preview link was not made, and lets the marketer try again', async () => {
    api.preview.mockRejectedValue(new ApiError({ status: 404, code: 'version_not_found', message: 'gq-demo-gbp has no version 2.' }));
    render(<CampaignVersionsView {...props()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview version 2' }));
    expect((await screen.findByRole('alert')).textContent).toBe('gq-demo-gbp has no version 2.');
    expect((screen.getByRole('button', { name: 'Preview version 2' }) as HTMLButtonElement).disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
