// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignPreviewPageProps } from '@/lib/campaigns/campaignPreviewView';
import type { OperatorView } from '@/lib/operators/backOfficeViews';
import { CampaignPreview } from './CampaignPreview';

const marketer: OperatorView = { id: 'op_1', email: 'mo@example.com', name: 'Mo', role: 'marketer', enrolled: true, disabledAt: null };
const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';
const PATH = `/vogue/winter?preview=${TOKEN}`;

const props = (overrides: Partial<CampaignPreviewPageProps> = {}): CampaignPreviewPageProps => ({
  operator: marketer,
  campaignId: 'vogue-winter',
  version: 4,
  headline: 'Vogue for winter',
  path: PATH,
  expiresAt: '2026-12-04T16:00:00.000Z',
  ...overrides,
});

/** The width CSS gives each frame's box in a 1280 px window: the phone's column 234 px, the desktop's 640 px. */
class ColumnObserver {
  constructor(private readonly fit: ResizeObserverCallback) {}
  observe(element: HTMLElement) {
    const width = element.style.maxWidth === '390px' ? 234 : 640;
    this.fit([{ contentRect: { width } } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  disconnect() {}
  unobserve() {}
}

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', ColumnObserver);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  writeText.mockReset();
});
afterEach(() => {
  delete (navigator as { clipboard?: unknown }).clipboard;
});

describe('CampaignPreview', () => {
  it('says which version it shows and that visitors do not see it, with the link to share and until when it works', () => {
    render(<CampaignPreview {...props()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Preview of version 4' })).toBeTruthy();
    expect(screen.getByText('vogue-winter').tagName).toBe('CODE');
    expect(
      screen.getByText(
        'Visitors do not see this version. Payments made in the preview are in test mode, and their orders are marked as previews.',
      ),
    ).toBeTruthy();
    const link = screen.getByLabelText('Shared preview link') as HTMLInputElement;
    expect(link.readOnly).toBe(true);
    expect(link.value).toBe(`${window.location.origin}${PATH}`);
    const valid = document.getElementById(link.getAttribute('aria-describedby')!)!;
    expect(valid.textContent).toMatch(/^Valid until 4 Dec 2026, 16:00 UTC\./);
    expect(within(valid).getByText('4 Dec 2026, 16:00 UTC').getAttribute('datetime')).toBe('2026-12-04T16:00:00.000Z');
    const open = screen.getByRole('link', { name: 'Open the preview in a new tab' });
    expect(open.getAttribute('href')).toBe(PATH);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener');
    expect(screen.getByRole('link', { name: 'Back to the campaign' }).getAttribute('href')).toBe('/admin/campaigns/vogue-winter');
  });

  it('shows the version on a phone and a desktop, each at its true size scaled to its column, waiting for each to load', () => {
    render(<CampaignPreview {...props()} />);
    const phone = screen.getByRole('figure', { name: 'Phone, 390 × 844' });
    const desktop = screen.getByRole('figure', { name: 'Desktop, 1280 × 800' });
    const phoneFrame = within(phone).getByTitle('Phone preview') as HTMLIFrameElement;
    const desktopFrame = within(desktop).getByTitle('Desktop preview') as HTMLIFrameElement;
    expect([phoneFrame.getAttribute('src'), phoneFrame.width, phoneFrame.height]).toEqual([PATH, '390', '844']);
    expect([desktopFrame.getAttribute('src'), desktopFrame.width, desktopFrame.height]).toEqual([PATH, '1280', '800']);
    expect(phoneFrame.style.transform).toBe('scale(0.6)');
    expect(desktopFrame.style.transform).toBe('scale(0.5)');
    // The box keeps the scaled height: nothing below it is overlapped.
    expect(phoneFrame.parentElement!.style.aspectRatio).toBe('390 / 844');
    expect(screen.getAllByText('Loading the preview…')).toHaveLength(2);
    fireEvent.load(desktopFrame);
    expect(within(desktop).queryByText('Loading the preview…')).toBeNull();
    expect(within(phone).getByRole('status').textContent).toBe('Loading the preview…');
  });

  it('renders on the server with the path in the box and no frame yet, so that hydration matches', () => {
    const html = renderToString(<CampaignPreview {...props()} />);
    expect(html).toContain(`value="${PATH}"`);
    expect(html).not.toContain('<iframe');
    expect(html).toContain('Loading the preview…');
  });

  it('copies the link and says so', async () => {
    writeText.mockResolvedValue(undefined);
    render(<CampaignPreview {...props()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByText('Link copied').getAttribute('role')).toBe('status'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${PATH}`);
  });

  it('selects the link for copying by hand when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
    render(<CampaignPreview {...props()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Select the link and copy it')).toBeTruthy();
    const link = screen.getByLabelText('Shared preview link') as HTMLInputElement;
    expect(document.activeElement).toBe(link);
    expect([link.selectionStart, link.selectionEnd]).toEqual([0, link.value.length]);
  });

  it('says a link that no longer works so, and leads back to its campaign', () => {
    const { unmount } = render(
      <CampaignPreview
        kind="refused"
        status={404}
        title="This preview link has expired or does not exist"
        message="A preview link works for 24 hours. Make a new one on the campaign’s page."
        campaignId="vogue-winter"
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'This preview link has expired or does not exist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the campaign' }).getAttribute('href')).toBe('/admin/campaigns/vogue-winter');
    unmount();
    render(<CampaignPreview kind="refused" status={403} title="Not for your role" message="Campaigns are for marketers and admins." />);
    expect(screen.queryByRole('link', { name: 'Back to the campaign' })).toBeNull();
    expect(screen.queryByRole('figure')).toBeNull();
  });
});
