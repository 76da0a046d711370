// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetMarketingCode } from '@/lib/browser/marketingCode';
import { ALL_GROUPS, NECESSARY_ONLY, trackingConsentFor, type TrackingMode } from './consent/consentGroups';
import { followConsent } from './consentChanges';
import { TRACING_SESSION_KEY } from './tracingSession';

// Loading marketing code hooks the router's back/forward (lib/browser/paymentPageIsolation.ts).
vi.mock('next/router', () => ({ default: { beforePopState: () => undefined } }));

const MARTECH = 'https://cdn.martech.example/lib.js';
/** Consent as answered: everything allowed (full), or strictly necessary only (anonymous). */
const answered = (mode: TrackingMode) =>
  trackingConsentFor({ decided: true, groups: mode === 'full' ? ALL_GROUPS : NECESSARY_ONLY }, 'anonymous-first');
const scripts = () => [...document.scripts].map((script) => script.src);

function follower(pageMode: TrackingMode, configured: { martech?: string; trackingId?: string } = {}) {
  const pipeline = { setConsent: vi.fn() };
  const reload = vi.fn();
  window.history.replaceState(null, '', '/vogue/demo-single');
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/vogue/demo-single', reload } as Location);
  const win = window;
  const setConsent = followConsent({
    pipeline,
    martechLibrarySrc: () => configured.martech,
    marketingConfigured: () => Boolean(configured.martech || configured.trackingId),
    pageMode,
    win,
  });
  return { setMode: setConsent, pipeline, reload };
}

afterEach(() => {
  forgetMarketingCode();
  document.head.innerHTML = '';
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('following consent', () => {
  it('switches the pipeline with every answer', () => {
    const { setMode, pipeline } = follower('anonymous');
    setMode(answered('full'));
    setMode(answered('anonymous'));
    expect(pipeline.setConsent.mock.calls).toEqual([[answered('full')], [answered('anonymous')]]);
  });

  it('loads the martech library with targeting consent only', () => {
    const anonymous = follower('anonymous', { martech: MARTECH });
    anonymous.setMode(answered('anonymous'));
    expect(scripts()).toEqual([]);
    anonymous.setMode(answered('full'));
    expect(scripts()).toEqual([MARTECH]);
  });

  it('on withdrawal forgets the tab’s tracing id and reloads a page that ran marketing code', () => {
    window.sessionStorage.setItem(TRACING_SESSION_KEY, 'a1b2c3d4-0000-4000-8000-000000000000');
    const { setMode, reload } = follower('full', { trackingId: 'GTM-X' });
    setMode(answered('full'));
    expect(reload).not.toHaveBeenCalled();
    setMode(answered('anonymous'));
    expect(window.sessionStorage.getItem(TRACING_SESSION_KEY)).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('counts a withdrawal made before tracking started, and reloads only where marketing code is configured', () => {
    window.sessionStorage.setItem(TRACING_SESSION_KEY, 'a1b2c3d4-0000-4000-8000-000000000000');
    const { setMode, reload } = follower('full');
    setMode(answered('anonymous'));
    expect(window.sessionStorage.getItem(TRACING_SESSION_KEY)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not treat giving consent, or keeping none, as a withdrawal', () => {
    window.sessionStorage.setItem(TRACING_SESSION_KEY, 'a1b2c3d4-0000-4000-8000-000000000000');
    const { setMode, reload } = follower('anonymous', { trackingId: 'GTM-X' });
    setMode(answered('anonymous'));
    setMode(answered('full'));
    expect(window.sessionStorage.getItem(TRACING_SESSION_KEY)).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
