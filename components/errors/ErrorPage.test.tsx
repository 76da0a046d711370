// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import type { ErrorBrand } from '@/lib/journey/errorPage';
import { errorBrandIn } from '@/lib/server/ssr/errorPage';
import { ErrorPage } from './ErrorPage';

let vogue: ErrorBrand;
beforeAll(async () => {
  vogue = errorBrandIn(await demoSnapshot(), '/vogue/no-such-campaign?livemode=false')!;
});

const heading = () => screen.getByRole('heading', { level: 1 });

describe('ErrorPage', () => {
  it("a 404 under a brand: the brand's header, look and name, one h1, and a link back to its offer", () => {
    const { container } = render(<ErrorPage statusCode={404} brand={vogue} />);
    expect(within(screen.getByRole('banner')).getByText('Vogue')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('Vogue · The authority on fashion since 1892')).toBeTruthy();
    // § 312k BGB: cancelling is reachable from every page, the error page included.
    expect(footer.getByRole('link', { name: 'Cancel a subscription' }).getAttribute('href')).toBe('/cancel');
    expect(footer.getByRole('link', { name: 'Withdraw from contract here' }).getAttribute('href')).toBe('/withdraw');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(heading().textContent).toBe('Page not found');
    expect(screen.getByText(/We can't find the page you were looking for/)).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to Vogue' });
    expect(back.getAttribute('href')).toBe('/vogue/demo-single?livemode=false');
    const frame = container.firstElementChild as HTMLElement;
    expect(frame.style.getPropertyValue('--brand-accent')).toBe('#b3122e');
    expect(frame.dataset.brandFont).toBe(vogue.identity.fontFamily);
    expect(document.title).toBe('Page not found | Vogue');
  });

  it('a 404 elsewhere: a neutral page with no brand, one h1 and the same words', () => {
    render(<ErrorPage statusCode={404} brand={null} />);
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(heading().textContent).toBe('Page not found');
    expect(screen.getByText('Error 404')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Back to/ })).toBeNull();
    expect(document.title).toBe('Page not found');
  });

  it.each(['branded', 'neutral'])('a 500 (%s) says nothing was charged and how to try again', (look) => {
    render(<ErrorPage statusCode={500} brand={look === 'branded' ? vogue : null} />);
    expect(heading().textContent).toBe('Something went wrong');
    expect(screen.getByText(/Nothing was charged\. Please try again, or come back in a few minutes\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a 500 under a brand also offers the way back to it', () => {
    render(<ErrorPage statusCode={500} brand={vogue} />);
    expect(screen.getByRole('link', { name: 'Back to Vogue' })).toBeTruthy();
  });

  it.each([
    [400, 'This link is not quite right'],
    [405, 'Not allowed'],
    [414, 'This link is not quite right'],
    [503, 'Something went wrong'],
  ])('%i: %s', (statusCode, title) => {
    render(<ErrorPage statusCode={statusCode} brand={null} />);
    expect(heading().textContent).toBe(title);
  });
});
