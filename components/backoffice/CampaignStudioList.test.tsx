// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudioCampaignView, StudioListPageProps } from '@/lib/campaigns/studioViews';
import type { OperatorView } from '@/lib/operators/backOfficeViews';
import { CampaignStudioList } from './CampaignStudioList';

const marketer: OperatorView = { id: 'op_1', email: 'mo@example.com', name: 'Mo', role: 'marketer', enrolled: true, disabledAt: null };

const campaign = (overrides: Partial<StudioCampaignView>): StudioCampaignView => ({
  campaignId: 'vogue-demo-single',
  brandSlug: 'vogue',
  brandName: 'Vogue',
  path: '/vogue/demo-single',
  headline: 'Subscribe to Vogue',
  locale: 'en-US',
  layout: 'single',
  offers: ['Vogue Digital'],
  startsAt: null,
  endsAt: null,
  state: 'on-sale',
  isDefault: true,
  ordersToday: { live: 3, test: 1 },
  draftVersion: null,
  scheduled: null,
  ...overrides,
});

const props = (filter: Partial<StudioListPageProps['filter']> = {}): StudioListPageProps => ({
  operator: marketer,
  today: '2026-12-03',
  brands: [
    { slug: 'gq', name: 'GQ', readingUrl: null },
    { slug: 'vogue', name: 'Vogue', readingUrl: 'https://www.vogue.com/' },
  ],
  filter: { q: '', brand: null, state: null, ...filter },
  campaigns: [
    campaign({}),
    campaign({
      campaignId: 'vogue-summer',
      path: '/vogue/summer',
      headline: 'Summer offer',
      layout: 'dual',
      offers: ['Vogue Digital', 'Vogue Print'],
      startsAt: '2027-06-01T00:00:00.000Z',
      endsAt: '2027-09-01T00:00:00.000Z',
      state: 'scheduled',
      isDefault: false,
      ordersToday: { live: 0, test: 0 },
    }),
  ],
});

describe('CampaignStudioList', () => {
  it('lists each campaign with its state, dates, offers and today’s orders, a campaigns link for the marketer', () => {
    render(<CampaignStudioList {...props()} />);
    expect(screen.getByRole('heading', { level: 2, name: '2 campaigns' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Back office' }))
        .getByRole('link', { name: 'Campaigns' })
        .getAttribute('href'),
    ).toBe('/admin/campaigns');
    const summer = screen.getByRole('listitem', { name: 'Summer offer Scheduled' });
    expect(within(summer).getByText('From 1 Jun 2027, 00:00 UTC, until 1 Sept 2027, 00:00 UTC')).toBeTruthy();
    expect(within(summer).getByText('Vogue Digital, Vogue Print (two offers side by side)')).toBeTruthy();
    expect(within(summer).getByRole('link', { name: '/vogue/summer' }).getAttribute('href')).toBe('/vogue/summer?livemode=false');
    const single = screen.getByRole('listitem', { name: 'Subscribe to Vogue On sale' });
    expect(within(single).getByText('Vogue (its default campaign)')).toBeTruthy();
    expect(within(single).getByText('3 (and 1 in test mode)')).toBeTruthy();
    expect(within(single).getByText('No start or end date')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Show every campaign' })).toBeNull();
  });

  it('shows what the address’s filter keeps, the form filled with it, and a way back to every campaign', () => {
    render(<CampaignStudioList {...props({ q: 'summer', brand: 'vogue', state: 'scheduled' })} />);
    expect(screen.getByRole('heading', { level: 2, name: '1 campaign match' })).toBeTruthy();
    expect((screen.getByLabelText(/^Search/) as HTMLInputElement).value).toBe('summer');
    expect((screen.getByLabelText('Brand') as HTMLSelectElement).value).toBe('vogue');
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('scheduled');
    expect(screen.getByRole('link', { name: 'Show every campaign' }).getAttribute('href')).toBe('/admin/campaigns');
  });

  it('ends with each brand’s reading URL, whatever the filter shows', () => {
    render(<CampaignStudioList {...props({ brand: 'gq' })} />);
    const readingUrls = screen.getByRole('region', { name: 'Where new subscribers start reading' });
    expect((within(readingUrls).getByLabelText('Reading URL of Vogue') as HTMLInputElement).value).toBe('https://www.vogue.com/');
    expect((within(readingUrls).getByLabelText('Reading URL of GQ') as HTMLInputElement).value).toBe('');
    expect(within(readingUrls).getByRole('button', { name: 'Save the reading URL of GQ' })).toBeTruthy();
  });

  it('says so when nothing matches', () => {
    render(<CampaignStudioList {...props({ state: 'ended' })} />);
    expect(screen.getByRole('heading', { level: 2, name: '0 campaigns match' })).toBeTruthy();
    expect(screen.getByText('No campaign matches. Search for fewer words, or choose every brand and any state.')).toBeTruthy();
  });
});
