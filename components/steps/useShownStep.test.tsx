// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JourneyPageProps } from '@/lib/journey/viewModels';

// The step code's loading, controlled by the test: each step's code arrives when the test says.
const arrivals = new Map<string, () => void>();
vi.mock('./stepCode', async (original) => {
  const real = await original<typeof import('./stepCode')>();
  const loaded = new Set<string>(['campaign']);
  return {
    ...real,
    isStepCodeLoaded: (step: string) => loaded.has(step),
    markStepCodeLoaded: (step: string) => loaded.add(step),
    loadStepCode: vi.fn(
      (step: string) =>
        new Promise<void>((resolve) => {
          arrivals.set(step, () => {
            loaded.add(step);
            resolve();
          });
        }),
    ),
    resetStepCode: () => {
      loaded.clear();
      loaded.add('campaign');
    },
  };
});

const { useShownStep } = await import('./useShownStep');
const stepCode = await import('./stepCode');

const page = (step: string, marker: string) => ({ step, marker }) as unknown as JourneyPageProps;

beforeEach(() => {
  stepCode.resetStepCode();
  arrivals.clear();
  vi.mocked(stepCode.loadStepCode).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useShownStep', () => {
  it('keeps the previous step in view until the next step’s code is here', async () => {
    const offer = page('campaign', 'offer');
    const cart = page('cart', 'cart');
    const { result, rerender } = renderHook(({ props }) => useShownStep(props), { initialProps: { props: offer } });
    expect(result.current).toBe(offer);

    rerender({ props: cart });
    expect(result.current).toBe(offer);
    expect(stepCode.loadStepCode).toHaveBeenCalledWith('cart');

    await act(async () => arrivals.get('cart')!());
    expect(result.current).toBe(cart);
  });

  it('shows a step whose code is here at once, and the server-rendered first step too', () => {
    const card = page('credit-card', 'card');
    const { result, rerender } = renderHook(({ props }) => useShownStep(props), { initialProps: { props: card } });
    expect(result.current).toBe(card);
    const again = page('credit-card', 'card with new props');
    rerender({ props: again });
    expect(result.current).toBe(again);
  });

  it('fetches the next steps’ code once the page is idle', async () => {
    vi.useFakeTimers();
    renderHook(() => useShownStep(page('campaign', 'offer')));
    expect(stepCode.loadStepCode).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(stepCode.loadStepCode).toHaveBeenCalledWith('cart');
  });

  it('fetches them at the visitor’s first touch if that comes sooner', () => {
    renderHook(() => useShownStep(page('cart', 'cart')));
    window.dispatchEvent(new Event('pointerdown'));
    expect(stepCode.loadStepCode).toHaveBeenCalledWith('credit-card');
    expect(stepCode.loadStepCode).toHaveBeenCalledWith('promo-code');
  });
});
