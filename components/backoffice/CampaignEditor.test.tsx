// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import { draftToForm, NO_TRANSLATION } from '@/lib/campaigns/draftForm';
import { updateOffer } from '@/lib/campaigns/draftFormEdits';
import { storageKey, storedForm } from '@/lib/campaigns/draftFormStorage';
import type { CampaignEditorPageProps } from '@/lib/campaigns/studioViews';
import type { OperatorView } from '@/lib/operators/backOfficeViews';
import { campaignStudioApi } from '@/lib/operators/campaignStudioApi';
import { plan } from '@/tests/fixtures/draftForm';
import { CampaignEditor } from './CampaignEditor';

vi.mock('@/lib/operators/campaignStudioApi', () => ({
  campaignStudioApi: { create: vi.fn(), save: vi.fn(), publish: vi.fn(), preview: vi.fn() },
}));
const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';

const api = vi.mocked(campaignStudioApi);

const marketer: OperatorView = { id: 'op_1', email: 'mo@example.com', name: 'Mo', role: 'marketer', enrolled: true, disabledAt: null };

const draft = (): DraftInput => ({
  flow: {
    brand: 'vogue',
    urlSlug: 'winter',
    campaignId: 'vogue-winter',
    headline: 'Vogue for winter',
    subheadline: 'Fashion, beauty and culture.',
    enablePreAuth: false,
    plans: ['1001', '1002'],
    startsAt: '2026-12-24T08:00:00.000Z',
    endsAt: null,
    locale: null,
  },
  offers: [
    plan('1001', 'Vogue Digital', { features: ['Unlimited access to vogue.com', 'The Vogue app'] }),
    plan('1002', 'Vogue Print', { isPrintOffer: true, totalAmount: 8999, discountedAmount: null }),
  ],
  coupons: [
    {
      code: 'WINTER10',
      percentOff: 10,
      validFrom: null,
      validUntil: null,
      scope: { campaigns: ['vogue-winter'] },
      maxRedemptions: null,
      maxRedemptionsPerCustomer: null,
    },
  ],
  isDefault: false,
});

const props = (overrides: Partial<CampaignEditorPageProps> = {}): CampaignEditorPageProps => ({
  operator: marketer,
  campaignId: 'vogue-winter',
  baseVersion: 3,
  status: { version: 3, published: false, publishedAt: null, createdAt: '2026-12-03T16:00:00.000Z', by: 'Mo' },
  draft: draft(),
  restoredFrom: null,
  scheduled: null,
  brands: [
    { slug: 'vogue', name: 'Vogue', locale: 'en-US' },
    { slug: 'gq', name: 'GQ', locale: 'en-GB' },
  ],
  boughtOfferIds: [],
  ...overrides,
});

const group = (name: string) => screen.getByRole('group', { name });
const field = (within_: HTMLElement, label: string) => within(within_).getByLabelText(label) as HTMLInputElement;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const saveDraft = () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

beforeEach(() => {
  vi.clearAllMocks();
  // What one test typed would otherwise come back in the next, as after a reload.
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('CampaignEditor', () => {
  it('shows the campaign, each offer and coupon in its own group, prices in major units and dates on the chosen clock', () => {
    render(<CampaignEditor {...props()} />);
    expect(screen.getByText('Version 3, draft (not published): saved on 3 Dec 2026, 16:00 UTC by Mo.')).toBeTruthy();
    const campaign = group('Campaign');
    expect(field(campaign, 'Headline').value).toBe('Vogue for winter');
    expect(field(campaign, 'Campaign id').readOnly).toBe(true);
    expect(field(campaign, 'Brand').value).toBe('Vogue');
    expect(field(campaign, 'Address').value).toBe('winter');
    expect(within(campaign).getByText('/vogue/')).toBeTruthy();
    expect(field(campaign, 'Language').value).toBe('');
    expect(field(campaign, 'Time zone').value).toBe('UTC');
    expect(field(campaign, 'Starts').value).toBe('2026-12-24T08:00');
    fireEvent.change(field(campaign, 'Time zone'), { target: { value: 'Europe/Berlin' } });
    expect(field(campaign, 'Starts').value).toBe('2026-12-24T09:00');

    const digital = group('Offer 1: Vogue Digital');
    expect(field(digital, 'Price').value).toBe('50.00');
    expect(field(digital, 'First-period price').value).toBe('25.00');
    expect(field(digital, 'Features (one per line)').value).toBe('Unlimited access to vogue.com\nThe Vogue app');
    expect(field(digital, 'Sold on the page').checked).toBe(true);
    expect(field(group('Offer 2: Vogue Print'), 'Print edition').checked).toBe(true);
    expect(field(group('Coupon 1: WINTER10'), 'Percent off').value).toBe('10');
    // Nothing changed (the zone is only how dates read): the draft may be published.
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a refused draft’s problems beside their fields, the rest in the alert, and keeps what was typed', async () => {
    api.save.mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'invalid_campaign',
        message: 'The campaign was not saved: see what to change.',
        details: ['flow.headline: must not be empty', 'offers.1.totalAmount: must not be negative', 'flow.enablePreAuth: is not allowed'],
      }),
    );
    render(<CampaignEditor {...props()} />);
    type(field(group('Campaign'), 'Headline'), '   ');
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
    saveDraft();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nothing was changed: the fields marked below say what to fix.');
    expect(alert.textContent).toContain('Campaign, enablePreAuth: is not allowed');
    const headline = field(group('Campaign'), 'Headline');
    expect(headline.value).toBe('   ');
    expect(headline.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(headline.getAttribute('aria-describedby')!)!.textContent).toBe('Must not be empty');
    const price = field(group('Offer 2: Vogue Print'), 'Price');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Must not be negative')).toBeTruthy();
    expect(api.save).toHaveBeenCalledWith('vogue-winter', 3, expect.objectContaining({ isDefault: false }), undefined);
  });

  it('says what to type when a price is no amount, without asking the server', () => {
    render(<CampaignEditor {...props()} />);
    const price = field(group('Offer 1: Vogue Digital'), 'Price');
    type(price, '12 dollars');
    saveDraft();
    expect(api.save).not.toHaveBeenCalled();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(price.getAttribute('aria-describedby')).toContain('-error');
    expect(screen.getByText('Enter a price such as 12.99')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('One field says what to change.');
  });

  it('keeps a bought offer’s price, and gives new buyers a new offer with a price to set', async () => {
    api.save.mockImplementation(async (_id, _base, sent) => ({ campaignId: 'vogue-winter', version: 4, draft: sent }));
    render(<CampaignEditor {...props({ boughtOfferIds: ['1001'] })} />);
    const held = group('Offer 1: Vogue Digital');
    for (const label of ['Price', 'First-period price', 'Currency', 'Billed every', 'Free trial days']) {
      expect(field(held, label).readOnly).toBe(true);
    }
    expect(within(held).getByText('Subscribers hold this offer: its price stays. A new price for new buyers is a new offer.')).toBeTruthy();
    fireEvent.click(within(held).getByRole('button', { name: 'New price for new buyers' }));

    const copy = group('Offer 1: Vogue Digital');
    const price = field(copy, 'Price');
    expect(price.readOnly).toBe(false);
    expect(price.value).toBe('50.00');
    expect(within(copy).queryByRole('button', { name: 'New price for new buyers' })).toBeNull();
    expect(document.activeElement).toBe(price);
    type(price, '59,99');
    saveDraft();
    await screen.findByText('Saved as version 4 (draft).');
    const sent = api.save.mock.calls[0]![2];
    expect(sent.flow.plans).toEqual(['new-1', '1002']);
    expect(sent.offers).toHaveLength(2);
    expect(sent.offers[0]).toMatchObject({ id: 'new-1', uuid: '', name: 'Vogue Digital', totalAmount: 5999, isCrossSell: false });
  });

  it('keeps every typed value through a save that came second, links what changed, and saves over it', async () => {
    api.save
      .mockRejectedValueOnce(
        new ApiError({
          status: 409,
          code: 'edited_meanwhile',
          message: 'Ada saved version 5 while you were editing.',
          details: ['latestVersion: 5'],
        }),
      )
      .mockImplementationOnce(async (_id, _base, sent) => ({ campaignId: 'vogue-winter', version: 6, draft: sent }));
    render(<CampaignEditor {...props()} />);
    type(field(group('Campaign'), 'Headline'), 'Vogue, for the holidays');
    type(field(group('Offer 2: Vogue Print'), 'Name'), 'Vogue in print');
    saveDraft();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ada saved version 5 while you were editing.');
    expect(alert.textContent).not.toContain('latestVersion');
    expect(screen.getByRole('link', { name: 'See what changed' }).getAttribute('href')).toBe('/admin/campaigns/vogue-winter?from=3&to=5');
    expect(field(group('Campaign'), 'Headline').value).toBe('Vogue, for the holidays');
    expect(field(group('Offer 2: Vogue in print'), 'Name').value).toBe('Vogue in print');

    fireEvent.click(screen.getByRole('button', { name: 'Save over it' }));
    await screen.findByText('Saved as version 6 (draft).');
    expect(api.save).toHaveBeenLastCalledWith(
      'vogue-winter',
      5,
      expect.objectContaining({ flow: expect.objectContaining({ headline: 'Vogue, for the holidays' }) }),
      undefined,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Version 6, draft (not published)', { exact: false })).toBeTruthy();
  });

  it('publishes a saved draft once nothing is left unsaved', async () => {
    api.save.mockImplementation(async (_id, _base, sent) => ({ campaignId: 'vogue-winter', version: 4, draft: sent }));
    api.publish.mockResolvedValue({ campaignId: 'vogue-winter', version: 4, catalogueVersion: 12 });
    render(<CampaignEditor {...props()} />);
    const publish = screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    type(field(group('Campaign'), 'Subheadline'), 'All of Vogue.');
    expect(publish.disabled).toBe(true);
    expect(screen.getByText('Save the changes first: a saved draft is what is published.')).toBeTruthy();
    saveDraft();
    await screen.findByText('Saved as version 4 (draft).');
    expect(publish.disabled).toBe(false);
    fireEvent.click(publish);
    await screen.findByText('Published version 4.');
    expect(api.publish).toHaveBeenCalledWith('vogue-winter', 4);
    expect(screen.getByText(/^Version 4, published on /)).toBeTruthy();
  });

  it('previews the saved version the form holds, and asks for a save first while it holds more', async () => {
    api.save.mockImplementation(async (_id, _base, sent) => ({ campaignId: 'vogue-winter', version: 4, draft: sent }));
    api.preview.mockImplementation(async (campaignId, version) => ({
      campaignId,
      version,
      path: `/vogue/winter?preview=${TOKEN}`,
      expiresAt: '2026-12-04T16:00:00.000Z',
    }));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    render(<CampaignEditor {...props()} />);
    const preview = screen.getByRole('button', { name: 'Preview' }) as HTMLButtonElement;
    const hint = () => document.getElementById(preview.getAttribute('aria-describedby')!)!.textContent;
    expect(preview.disabled).toBe(false);
    expect(hint()).toBe('Preview shows version 3 as visitors will see it, through a link anyone can open for 24 hours.');
    type(field(group('Campaign'), 'Subheadline'), 'All of Vogue.');
    expect(preview.disabled).toBe(true);
    expect(hint()).toBe('Save the draft to preview it');
    saveDraft();
    await screen.findByText('Saved as version 4 (draft).');
    expect(preview.disabled).toBe(false);
    fireEvent.click(preview);
    expect(preview.textContent).toBe('Making the link…');
    expect(preview.disabled).toBe(true);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/admin/campaigns/vogue-winter/preview?link=${TOKEN}`));
    expect(api.preview).toHaveBeenCalledWith('vogue-winter', 4);
    // Publishing is still its own act.
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('says why a preview link was not made, keeping the form as it is', async () => {
    api.preview.mockRejectedValue(new ApiError({ status: 503, message: 'The studio is not answering. Please try again in a moment.' }));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    render(<CampaignEditor {...props()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The studio is not answering. Please try again in a moment.');
    expect((screen.getByRole('button', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers no preview of a new campaign until it is saved', () => {
    const blank: DraftInput = {
      flow: { brand: 'vogue', urlSlug: '', campaignId: '', headline: '', subheadline: '', plans: [] },
      offers: [],
      coupons: [],
      isDefault: false,
    };
    render(<CampaignEditor {...props({ campaignId: null, baseVersion: null, status: null, draft: blank })} />);
    expect((screen.getByRole('button', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Save the draft to preview it')).toBeTruthy();
  });

  it('holds a restored version until it is saved as the newest draft, the save saying which it restores', async () => {
    api.save.mockImplementation(async (_id, _base, sent) => ({ campaignId: 'vogue-winter', version: 4, draft: sent }));
    render(<CampaignEditor {...props({ restoredFrom: 1 })} />);
    expect(screen.getByText('This form holds version 1. Save it to make it the newest draft.')).toBeTruthy();
    const publish = screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    saveDraft();
    await screen.findByText('Saved as version 4 (draft).');
    expect(api.save).toHaveBeenCalledWith('vogue-winter', 3, expect.anything(), 1);
    expect(screen.queryByText('This form holds version 1. Save it to make it the newest draft.')).toBeNull();
    expect(publish.disabled).toBe(false);
  });

  it('brings back unsaved changes after a reload, and discards them when asked', async () => {
    const typed = updateOffer(draftToForm(draft()), 'o1', { name: 'Vogue Digital+' });
    sessionStorage.setItem(storageKey('vogue-winter', 3), storedForm(typed));
    render(<CampaignEditor {...props()} />);
    expect(await screen.findByText('Your unsaved changes were restored.')).toBeTruthy();
    expect(field(group('Offer 1: Vogue Digital+'), 'Name').value).toBe('Vogue Digital+');
    fireEvent.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(field(group('Offer 1: Vogue Digital'), 'Name').value).toBe('Vogue Digital');
    expect(sessionStorage.getItem(storageKey('vogue-winter', 3))).toBeNull();
  });

  it('keeps what is typed in the tab and asks before leaving with it', () => {
    render(<CampaignEditor {...props()} />);
    type(field(group('Campaign'), 'Headline'), 'Vogue, for less');
    expect(sessionStorage.getItem(storageKey('vogue-winter', 3))).toContain('Vogue, for less');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
  });

  it('creates a new campaign and opens its editor', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    api.create.mockImplementation(async (sent) => ({ campaignId: 'gq-spring', version: 1, draft: sent }));
    const blank: DraftInput = {
      flow: { brand: '', urlSlug: '', campaignId: '', headline: '', subheadline: '', plans: [] },
      offers: [],
      coupons: [],
      isDefault: false,
    };
    render(<CampaignEditor {...props({ campaignId: null, baseVersion: null, status: null, draft: blank })} />);
    expect(screen.getByText('A new campaign, not saved yet.')).toBeTruthy();
    const campaign = group('Campaign');
    fireEvent.change(field(campaign, 'Brand'), { target: { value: 'gq' } });
    type(field(campaign, 'Campaign id'), 'gq-spring');
    type(field(campaign, 'Address'), 'spring');
    type(field(campaign, 'Headline'), 'GQ for spring');
    expect(within(campaign).getByText('/gq/')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add an offer' }));
    const added = group('Offer 1');
    expect(field(added, 'Currency').value).toBe('GBP');
    type(field(added, 'Name'), 'GQ Digital');
    type(field(group('Offer 1: GQ Digital'), 'Price'), '30');
    fireEvent.click(screen.getByRole('button', { name: 'Add a coupon' }));
    type(field(group('Coupon 1'), 'Code'), 'spring25');
    const adder = group('Single-use codes');
    type(field(adder, 'How many'), '2');
    type(field(adder, 'Amount off'), '5');
    expect(field(adder, 'Currency').value).toBe('GBP');
    fireEvent.click(within(adder).getByRole('button', { name: 'Add single-use codes' }));
    // No campaign to fetch codes of until it is saved.
    const batch = screen.getByRole('group', { name: /^2 single-use codes / });
    expect(within(batch).getByText('5.00 GBP off, with no end date. Each code works once, for one customer.')).toBeTruthy();
    expect(within(batch).getByText('Save the draft to download the codes.')).toBeTruthy();
    saveDraft();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/campaigns/gq-spring/edit'));
    const sent = api.create.mock.calls[0]![0];
    expect(sent.flow).toMatchObject({ brand: 'gq', campaignId: 'gq-spring', urlSlug: 'spring', plans: ['new-1'] });
    expect(sent.offers[0]).toMatchObject({
      id: 'new-1',
      uuid: '',
      brand: 'gq',
      name: 'GQ Digital',
      totalAmount: 3000,
      currencyCode: 'GBP',
    });
    expect(sent.coupons[0]).toMatchObject({ code: 'SPRING25', percentOff: 10, scope: { campaigns: ['gq-spring'] } });
    expect(sent.coupons.slice(1)).toEqual([
      expect.objectContaining({ amountOff: 500, currencyCode: 'GBP', scope: { campaigns: ['gq-spring'] }, maxRedemptions: 1 }),
      expect.objectContaining({ amountOff: 500, currencyCode: 'GBP', scope: { campaigns: ['gq-spring'] }, maxRedemptions: 1 }),
    ]);
  });

  it('adds single-use codes as one item, sends each as a coupon of its own, and links their CSV once saved', async () => {
    api.save.mockImplementation(async (_id, _base, sent) => ({ campaignId: 'vogue-winter', version: 4, draft: sent }));
    render(<CampaignEditor {...props()} />);
    const adder = group('Single-use codes');
    type(field(adder, 'How many'), '3');
    type(field(adder, 'Code prefix'), 'partner');
    type(field(adder, 'Percent off'), '20');
    type(field(adder, 'Valid until'), '2027-02-01T00:00');
    fireEvent.click(within(adder).getByRole('button', { name: 'Add single-use codes' }));

    const batch = screen.getByRole('group', { name: /^3 single-use codes / });
    expect(document.activeElement).toBe(batch);
    expect(within(batch).getByRole('heading', { name: '3 single-use codes' })).toBeTruthy();
    expect(within(batch).getByText('20% off, valid until 1 Feb 2027, 00:00 (UTC). Each code works once, for one customer.')).toBeTruthy();
    const codes = within(batch)
      .getAllByRole('listitem')
      .map((item) => item.textContent!);
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^PARTNER[A-HJKMNP-Z2-9]{10}$/);
    // One item, not three coupons' fieldsets; the sub-form is empty for the next batch.
    expect(screen.getAllByRole('group', { name: /^Coupon / })).toHaveLength(1);
    expect(field(adder, 'How many').value).toBe('');
    expect(screen.getByText('3 single-use codes were added.')).toBeTruthy();
    expect(within(batch).queryByRole('link')).toBeNull();
    expect(within(batch).getByText('Save the draft to download the codes.')).toBeTruthy();

    saveDraft();
    await screen.findByText('Saved as version 4 (draft).');
    const sent = api.save.mock.calls[0]![2];
    expect(sent.coupons.map((coupon) => coupon.code)).toEqual(['WINTER10', ...codes]);
    expect(sent.coupons[1]).toEqual({
      code: codes[0],
      percentOff: 20,
      validFrom: null,
      validUntil: '2027-02-01T00:00:00.000Z',
      scope: { campaigns: ['vogue-winter'] },
      maxRedemptions: 1,
      maxRedemptionsPerCustomer: 1,
    });
    const saved = screen.getByRole('group', { name: /^3 single-use codes / });
    const link = within(saved).getByRole('link', { name: 'Download the codes (CSV)' });
    expect(link.getAttribute('href')).toBe('/api/operator/campaigns/vogue-winter/codes?version=4');

    fireEvent.click(within(saved).getByRole('button', { name: 'Remove these codes' }));
    expect(screen.queryByRole('group', { name: /single-use codes / })).toBeNull();
    expect(document.activeElement).toBe(within(adder).getByRole('button', { name: 'Add single-use codes' }));
  });

  it('opens saved codes as one item, links them at once, and shows the server’s problems of any of them there', async () => {
    const single = (code: string) => ({
      code,
      percentOff: 20,
      validFrom: null,
      validUntil: null,
      scope: { campaigns: ['vogue-winter'] },
      maxRedemptions: 1,
      maxRedemptionsPerCustomer: 1,
    });
    const codes = ['PARTNERAB2CD3EF4G', 'PARTNERZZ98YX76WV', 'PARTNERKM23NP45QR'];
    api.save.mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'invalid_campaign',
        message: 'The campaign was not saved: see what to change.',
        details: [`coupons.3.code: duplicates "${codes[2]}"`],
      }),
    );
    render(<CampaignEditor {...props({ draft: { ...draft(), coupons: [...draft().coupons, ...codes.map(single)] } })} />);
    const batch = screen.getByRole('group', { name: /^3 single-use codes / });
    expect(within(batch).getByText('20% off, with no end date. Each code works once, for one customer.')).toBeTruthy();
    expect(within(batch).getByRole('link', { name: 'Download the codes (CSV)' }).getAttribute('href')).toBe(
      '/api/operator/campaigns/vogue-winter/codes?version=3',
    );
    // The sub-form checks what it is given before any code is made.
    fireEvent.click(screen.getByRole('button', { name: 'Add single-use codes' }));
    const count = field(group('Single-use codes'), 'How many');
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(count);
    expect(screen.getByText('Enter how many codes to make: a whole number from 1 to 500')).toBeTruthy();

    type(field(group('Campaign'), 'Subheadline'), 'All of Vogue.');
    expect(within(batch).queryByRole('link')).toBeNull();
    saveDraft();
    await screen.findByRole('alert');
    expect(batch.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(batch.getAttribute('aria-describedby')!)!.textContent).toBe(`Code: duplicates "${codes[2]}"`);
  });

  it('edits which plans a coupon takes money off and which other campaigns it works on, saying what to change first', async () => {
    api.save.mockImplementation(async (_id, _base, sent) => ({ campaignId: 'vogue-winter', version: 4, draft: sent }));
    const shared = { ...draft().coupons[0]!, scope: { brands: ['vogue'], campaigns: ['vogue-winter', 'gq-winter'] } };
    render(<CampaignEditor {...props({ draft: { ...draft(), coupons: [shared] } })} />);
    const coupon = group('Coupon 1: WINTER10');
    const also = field(coupon, 'Also works on campaigns');
    expect(also.value).toBe('gq-winter');
    expect(document.getElementById(also.getAttribute('aria-describedby')!)!.textContent).toBe(
      "Other campaigns' ids, separated by commas; empty: this campaign only. A change here changes the code there too.",
    );
    const worksOn = within(coupon).getByRole('group', { name: 'Works on' });
    expect(field(worksOn, 'Every plan of this campaign').checked).toBe(true);
    const [digital, print] = [field(worksOn, 'Vogue Digital'), field(worksOn, 'Vogue Print')];
    expect([digital.disabled, print.disabled]).toEqual([true, true]);

    fireEvent.click(field(worksOn, 'Only the plans ticked'));
    expect(print.disabled).toBe(false);
    type(also, 'gq-winter, vogue spring');
    saveDraft();
    expect(api.save).not.toHaveBeenCalled();
    expect(worksOn.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(worksOn.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Tick at least one plan, or choose every plan',
    );
    expect(also.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter campaign ids such as vogue-spring, separated by commas')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('2 fields say what to change.');
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Go to the first' }));
    expect(document.activeElement).toBe(worksOn);

    fireEvent.click(print);
    type(also, 'gq-winter, vogue-spring, gq-winter');
    saveDraft();
    await screen.findByText('Saved as version 4 (draft).');
    expect(api.save.mock.calls[0]![2].coupons[0]!.scope).toEqual({
      brands: ['vogue'],
      campaigns: ['vogue-winter', 'gq-winter', 'vogue-spring'],
      offers: ['1002'],
    });
    expect(field(group('Coupon 1: WINTER10'), 'Vogue Print').checked).toBe(true);
  });

  it('shows the server’s problems of a coupon’s scope beside its controls, and ticks an unsaved plan by its placeholder', async () => {
    api.save.mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'invalid_campaign',
        message: 'The campaign was not saved: see what to change.',
        details: ['coupons.0.scope.campaigns.1: names unknown campaign "gq-sprung"', 'coupons.0.scope.offers.0: names unknown plan offer'],
      }),
    );
    render(<CampaignEditor {...props()} />);
    fireEvent.click(within(group('Offer 2: Vogue Print')).getByRole('button', { name: 'Remove offer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add an offer' }));
    type(field(group('Offer 2'), 'Price'), '9');
    const coupon = group('Coupon 1: WINTER10');
    const worksOn = within(coupon).getByRole('group', { name: 'Works on' });
    expect(within(worksOn).queryByLabelText('Vogue Print')).toBeNull();
    fireEvent.click(field(worksOn, 'Only the plans ticked'));
    fireEvent.click(field(worksOn, 'Offer 2'));
    type(field(coupon, 'Also works on campaigns'), 'gq-sprung');
    saveDraft();
    await screen.findByRole('alert');
    expect(api.save.mock.calls[0]![2].coupons[0]!.scope).toEqual({ campaigns: ['vogue-winter', 'gq-sprung'], offers: ['new-2'] });
    const also = field(coupon, 'Also works on campaigns');
    expect(also.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${also.id}-error`)!.textContent).toBe('Names unknown campaign "gq-sprung"');
    expect(document.getElementById(worksOn.getAttribute('aria-describedby')!)!.textContent).toBe('Names unknown plan offer');
    // The plan removed from the form is no longer ticked: moved off the page, neither.
    fireEvent.click(field(group('Offer 2'), 'Sold on the page'));
    expect(within(worksOn).queryByLabelText('Offer 2')).toBeNull();
    fireEvent.click(field(group('Offer 2'), 'Sold on the page'));
    expect(field(worksOn, 'Offer 2').checked).toBe(false);
  });

  it('brings back a form kept before coupons’ scopes were edited, each coupon where its draft says it works', async () => {
    const typed = updateOffer(draftToForm(draft()), 'o1', { name: 'Vogue Digital+' });
    const coupons = typed.coupons.map(({ scope: _scope, ...coupon }) => ({
      ...coupon,
      base: { ...coupon.base, scope: { campaigns: ['vogue-winter', 'gq-winter'], offers: ['1001'] } },
    }));
    sessionStorage.setItem(storageKey('vogue-winter', 3), storedForm({ ...typed, coupons }));
    render(<CampaignEditor {...props()} />);
    expect(await screen.findByText('Your unsaved changes were restored.')).toBeTruthy();
    const coupon = group('Coupon 1: WINTER10');
    expect(field(coupon, 'Also works on campaigns').value).toBe('gq-winter');
    expect(field(coupon, 'Only the plans ticked').checked).toBe(true);
    expect(field(coupon, 'Vogue Digital+').checked).toBe(true);
    expect(field(coupon, 'Vogue Print').checked).toBe(false);
  });

  /** The fixture's campaign as its brand's, Vogue's, in English for Canada: Quebec's buyers are offered French. */
  const canadian = (overrides: Partial<CampaignEditorPageProps> = {}) =>
    props({ brands: [{ slug: 'vogue', name: 'Vogue', locale: 'en-CA' }, ...props().brands.slice(1)], ...overrides });
  const frenchOf = (offer: HTMLElement) => within(offer).getByRole('group', { name: 'In French (fr-CA)' });

  it('edits an offer’s words in the French an English campaign in Canada offers, and sends only the words given', async () => {
    api.save.mockImplementation(async (_id, _base, sent) => ({ campaignId: 'vogue-winter', version: 4, draft: sent }));
    const pictureless = { ...draft(), offers: draft().offers.map((offer) => (offer.id === '1002' ? { ...offer, image: null } : offer)) };
    render(<CampaignEditor {...canadian({ draft: pictureless })} />);
    const digital = group('Offer 1: Vogue Digital');
    const french = frenchOf(digital);
    const [hint] = french.getAttribute('aria-describedby')!.split(' ');
    expect(document.getElementById(hint!)!.textContent).toBe('Shown to buyers served in French. A word left empty is not shown to them.');
    // The offer's own words keep their names, each once in its group.
    expect(within(digital).getAllByLabelText('Description')).toHaveLength(1);
    expect(field(digital, 'Description').value).toBe('Vogue Digital: one year');
    type(field(french, 'Description in fr-CA'), 'Vogue sur tous vos écrans');
    type(field(french, 'Features in fr-CA'), ' Accès illimité à vogue.com\n\nL’appli Vogue ');
    type(field(french, 'Picture text in fr-CA'), 'Vogue sur une tablette');
    expect(field(french, 'Saving badge in fr-CA').value).toBe('');
    // No picture, no picture text to translate.
    const print = frenchOf(group('Offer 2: Vogue Print'));
    expect(within(print).queryByLabelText('Picture text in fr-CA')).toBeNull();
    expect(field(print, 'Saving badge in fr-CA')).toBeTruthy();

    saveDraft();
    await screen.findByText('Saved as version 4 (draft).');
    const sent = api.save.mock.calls[0]![2];
    expect(sent.offers[0]!.translations).toEqual({
      'fr-CA': {
        description: 'Vogue sur tous vos écrans',
        features: ['Accès illimité à vogue.com', 'L’appli Vogue'],
        imageAlt: 'Vogue sur une tablette',
      },
    });
    expect(sent.offers[1]).not.toHaveProperty('translations');
    expect(field(frenchOf(group('Offer 1: Vogue Digital')), 'Description in fr-CA').value).toBe('Vogue sur tous vos écrans');
  });

  it('shows no other language for a campaign in English for the United States; one changed to it no longer sends its French', async () => {
    api.save.mockImplementation(async (_id, _base, sent) => ({ campaignId: 'vogue-winter', version: 4, draft: sent }));
    const { unmount } = render(<CampaignEditor {...props()} />);
    expect(screen.queryAllByRole('group', { name: /^In / })).toHaveLength(0);
    unmount();

    const translations = { 'fr-CA': { description: 'Vogue sur tous vos écrans' } };
    const saved = draft();
    const inCanada: DraftInput = {
      ...saved,
      flow: { ...saved.flow, locale: 'en-CA' },
      offers: saved.offers.map((offer) => (offer.id === '1001' ? { ...offer, translations } : offer)),
    };
    render(<CampaignEditor {...props({ draft: inCanada })} />);
    const french = frenchOf(group('Offer 1: Vogue Digital'));
    expect(field(french, 'Description in fr-CA').value).toBe('Vogue sur tous vos écrans');
    type(field(french, 'Description in fr-CA'), 'Vogue, partout');
    fireEvent.change(field(group('Campaign'), 'Language'), { target: { value: 'en-US' } });
    expect(screen.queryAllByRole('group', { name: /^In / })).toHaveLength(0);
    saveDraft();
    await screen.findByText('Saved as version 4 (draft).');
    // The French it had stays as it was: the form no longer shows it to change.
    expect(api.save.mock.calls[0]![2].offers[0]!.translations).toEqual(translations);
  });

  it('brings back French typed before a reload, and still sends French typed once those changes are discarded', async () => {
    api.save.mockImplementation(async (_id, _base, sent) => ({ campaignId: 'vogue-winter', version: 4, draft: sent }));
    // As the editor kept it: told the brand's language.
    const opened = { ...draftToForm(draft()), brandLocale: 'en-CA' };
    const typed = updateOffer(opened, 'o1', { translations: { 'fr-CA': { ...NO_TRANSLATION, description: 'Vogue partout' } } });
    sessionStorage.setItem(storageKey('vogue-winter', 3), storedForm(typed));
    render(<CampaignEditor {...canadian()} />);
    expect(await screen.findByText('Your unsaved changes were restored.')).toBeTruthy();
    expect(field(frenchOf(group('Offer 1: Vogue Digital')), 'Description in fr-CA').value).toBe('Vogue partout');
    fireEvent.click(screen.getByRole('button', { name: 'Discard them' }));
    const description = field(frenchOf(group('Offer 1: Vogue Digital')), 'Description in fr-CA');
    expect(description.value).toBe('');
    type(description, 'Vogue, partout');
    saveDraft();
    await screen.findByText('Saved as version 4 (draft).');
    expect(api.save.mock.calls[0]![2].offers[0]!.translations).toEqual({ 'fr-CA': { description: 'Vogue, partout' } });
  });

  it('shows the server’s problem of a translated word beside it', async () => {
    api.save.mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'invalid_campaign',
        message: 'The campaign was not saved: see what to change.',
        details: ['offers.0.translations.fr-CA.savingBadge: states 80%, more than the offer saves (50%)'],
      }),
    );
    render(<CampaignEditor {...canadian()} />);
    const badge = field(frenchOf(group('Offer 1: Vogue Digital')), 'Saving badge in fr-CA');
    type(badge, 'Économisez 80 %');
    saveDraft();
    const alert = await screen.findByRole('alert');
    expect(api.save.mock.calls[0]![2].offers[0]!.translations).toEqual({ 'fr-CA': { savingBadge: 'Économisez 80 %' } });
    expect(alert.textContent).toContain('One field says what to change.');
    expect(badge.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${badge.id}-error`)!.textContent).toBe('States 80%, more than the offer saves (50%)');
    expect(badge.value).toBe('Économisez 80 %');
  });

  it('shows a refusal as the other back-office pages do', () => {
    render(<CampaignEditor kind="refused" status={403} title="Not for your role" message="Campaigns are for marketers and admins." />);
    expect(screen.getByRole('heading', { level: 1, name: 'Not for your role' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });
});
