// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { errorBrandIn } from '@/lib/server/ssr/errorPage';
import { JourneyRefusal } from './JourneyRefusal';

const now = new Date('2026-11-27T12:00:00Z');
const MESSAGE = 'The "livemode" parameter must be "true" or "false".';
const REASON = { id: 'errors.refusal.livemode' } as const;
const METHOD = { id: 'errors.refusal.method' } as const;
let snapshot: CatalogueSnapshot;
beforeAll(async () => {
  snapshot = await demoSnapshot();
});

describe('JourneyRefusal', () => {
  it("a malformed query under a brand: the brand's header and name, what is wrong, and the way on to its offer", () => {
    const brand = errorBrandIn(snapshot, '/vogue/demo-single?livemode=maybe', now);
    render(<JourneyRefusal kind="refused" status={400} reason={REASON} brand={brand} />);
    expect(within(screen.getByRole('banner')).getByText('Vogue')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link is not quite right');
    expect(screen.getByText(`${MESSAGE} Please check the link and try again.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Vogue' }).getAttribute('href')).toBe('/vogue/demo-single');
    expect(document.title).toBe('This link is not quite right | Vogue');
  });

  it('a wrong method: says so, with the way on', () => {
    const brand = errorBrandIn(snapshot, '/vogue/demo-single', now);
    render(<JourneyRefusal kind="refused" status={405} reason={METHOD} brand={brand} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Not allowed');
    expect(screen.getByRole('link', { name: 'Back to Vogue' }).getAttribute('href')).toBe('/vogue/demo-single');
  });

  it('without a brand (the catalogue could not be read): a neutral page that still says what is wrong', () => {
    render(<JourneyRefusal kind="refused" status={400} reason={REASON} brand={null} />);
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByText('Error 400')).toBeTruthy();
  });

  it('in test mode: the banner, and the way on to the offer in test mode', () => {
    const brand = errorBrandIn(snapshot, '/vogue/demo-single?livemode=false', now);
    render(<JourneyRefusal kind="refused" status={405} reason={METHOD} brand={brand} livemode={false} />);
    expect(screen.getByTestId('test-mode-banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Vogue' }).getAttribute('href')).toBe('/vogue/demo-single?livemode=false');
  });

  it('live: no banner', () => {
    render(<JourneyRefusal kind="refused" status={400} reason={REASON} brand={errorBrandIn(snapshot, '/vogue/demo-single', now)} />);
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
  });
});
