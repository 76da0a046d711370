// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/apiErrors';
import { campaignStudioApi, type ReadingUrlChanged } from '@/lib/operators/campaignStudioApi';
import { BrandReadingUrls } from './BrandReadingUrls';

vi.mock('@/lib/operators/campaignStudioApi', () => ({ campaignStudioApi: { changeReadingUrl: vi.fn() } }));

const api = vi.mocked(campaignStudioApi);

beforeEach(() => {
  vi.clearAllMocks();
});

const brands = [
  { slug: 'gq', name: 'GQ', readingUrl: null },
  { slug: 'vogue', name: 'Vogue', readingUrl: 'https://www.vogue.com/' },
];

const input = (brand: string) => screen.getByLabelText(`Reading URL of ${brand}`) as HTMLInputElement;
const save = (brand: string) => screen.getByRole('button', { name: `Save the reading URL of ${brand}` }) as HTMLButtonElement;
const type = (brand: string, value: string) => fireEvent.change(input(brand), { target: { value } });

/** What backOfficeApi.call rejects a refused body with: its details, and a message without the field's name. */
const refused = (detail: string) =>
  new ApiError({ status: 400, code: 'invalid_body', details: [`readingUrl: ${detail}`], message: detail });

describe('BrandReadingUrls', () => {
  it('shows a form per brand, each filled with its reading URL and saying what empty means', () => {
    render(<BrandReadingUrls brands={brands} />);
    const section = screen.getByRole('region', { name: 'Where new subscribers start reading' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Where new subscribers start reading' })).toBeTruthy();
    expect(within(section).getByText(/success page: a change applies at once to every campaign of the brand, not as a draft/)).toBeTruthy();
    expect(input('Vogue').value).toBe('https://www.vogue.com/');
    expect(input('Vogue').type).toBe('url');
    expect(input('GQ').value).toBe('');
    const hint = document.getElementById(input('GQ').getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Leave empty for no link.');
    expect(input('GQ').getAttribute('aria-invalid')).toBeNull();
    expect(save('GQ').textContent).toBe('Save');
  });

  it('saves the trimmed URL, busy meanwhile, and says where the brand’s new subscribers start reading', async () => {
    let answer!: (changed: ReadingUrlChanged) => void;
    api.changeReadingUrl.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<BrandReadingUrls brands={brands} />);
    type('Vogue', '  https://www.vogue.com/culture ');
    fireEvent.click(save('Vogue'));
    await waitFor(() => expect(save('Vogue').disabled).toBe(true));
    expect(save('Vogue').textContent).toBe('Saving…');
    expect(save('GQ').disabled).toBe(false);
    expect(api.changeReadingUrl).toHaveBeenCalledWith('vogue', 'https://www.vogue.com/culture');

    answer({ brand: 'vogue', readingUrl: 'https://www.vogue.com/culture', changed: true });
    // Each brand's form has its own status.
    const status = await screen.findByText('Saved: new subscribers of Vogue start reading at https://www.vogue.com/culture.');
    expect(status.getAttribute('role')).toBe('status');
    expect(save('Vogue').disabled).toBe(false);
    expect(save('Vogue').textContent).toBe('Save');
  });

  it('sends null for an empty field, and says when nothing changed', async () => {
    api.changeReadingUrl.mockResolvedValueOnce({ brand: 'vogue', readingUrl: null, changed: true });
    render(<BrandReadingUrls brands={brands} />);
    type('Vogue', '   ');
    fireEvent.click(save('Vogue'));
    expect(await screen.findByText('Saved: Vogue has no reading link.')).toBeTruthy();
    expect(api.changeReadingUrl).toHaveBeenCalledWith('vogue', null);

    api.changeReadingUrl.mockResolvedValueOnce({ brand: 'gq', readingUrl: null, changed: false });
    fireEvent.click(save('GQ'));
    expect(await screen.findByText('Nothing changed.')).toBeTruthy();
    expect(api.changeReadingUrl).toHaveBeenLastCalledWith('gq', null);
  });

  it('shows a refused URL’s problem beside its field, keeping what was typed', async () => {
    api.changeReadingUrl.mockRejectedValueOnce(refused('must be an absolute https URL such as https://www.vogue.com/'));
    render(<BrandReadingUrls brands={brands} />);
    type('GQ', 'http://www.gq.com');
    fireEvent.click(save('GQ'));
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toBe('Must be an absolute https URL such as https://www.vogue.com/');
    expect(input('GQ').value).toBe('http://www.gq.com');
    expect(input('GQ').getAttribute('aria-invalid')).toBe('true');
    expect(input('GQ').getAttribute('aria-describedby')?.split(' ')).toContain(problem.id);
    expect(input('Vogue').getAttribute('aria-invalid')).toBeNull();

    api.changeReadingUrl.mockResolvedValueOnce({ brand: 'gq', readingUrl: 'https://www.gq.com/', changed: true });
    type('GQ', 'https://www.gq.com/');
    fireEvent.click(save('GQ'));
    await screen.findByText('Saved: new subscribers of GQ start reading at https://www.gq.com/.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input('GQ').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows any other failure’s message, keeping what was typed', async () => {
    api.changeReadingUrl.mockRejectedValueOnce(
      new ApiError({ status: 0, kind: 'network', message: 'We could not reach the server. Please check your connection and try again.' }),
    );
    render(<BrandReadingUrls brands={brands} />);
    type('Vogue', 'https://www.vogue.com/new');
    fireEvent.click(save('Vogue'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach the server. Please check your connection and try again.',
    );
    expect(input('Vogue').value).toBe('https://www.vogue.com/new');
    expect(input('Vogue').getAttribute('aria-invalid')).toBeNull();
    expect(save('Vogue').disabled).toBe(false);
  });
});
