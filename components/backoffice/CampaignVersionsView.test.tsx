// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudioCampaignPageProps } from '@/lib/campaigns/studioViews';
import type { OperatorView } from '@/lib/operators/backOfficeViews';
import { CampaignVersionsView } from './CampaignVersionsView';

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
      'Version 2, 3 Dec 2026, 16:00 UTC, by Catalogue import, a draft',
      'Version 1, 1 Dec 2026, 09:30 UTC, by Catalogue import, published 1 Dec 2026, 09:30 UTC Restore version 1 as a draft',
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
});
