// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOneTrust } from './oneTrust';

afterEach(() => {
  document.head.innerHTML = '';
  delete window.OptanonWrapper;
  delete window.OnetrustActiveGroups;
});

describe('loadOneTrust', () => {
  it('loads the CMP once with the consent id and reports its active groups on every OptanonWrapper call', () => {
    const seen: string[][] = [];
    const stop = loadOneTrust('0190a1b2-c3d4-test', (groups) => seen.push([...groups].sort()));
    loadOneTrust('0190a1b2-c3d4-test', () => undefined)();
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://cdn.cookielaw.org/scripttemplates/otSDKStub.js');
    expect(scripts[0]!.dataset.domainScript).toBe('0190a1b2-c3d4-test');

    window.OnetrustActiveGroups = ',C0001,C0002,';
    window.OptanonWrapper!();
    window.OnetrustActiveGroups = ',C0001,C0002,C0004,';
    window.OptanonWrapper!();
    expect(seen).toEqual([
      ['C0001', 'C0002'],
      ['C0001', 'C0002', 'C0004'],
    ]);
    stop();
    window.OptanonWrapper!();
    expect(seen).toHaveLength(2);
  });

  it('keeps a wrapper the page already had', () => {
    const previous = vi.fn();
    window.OptanonWrapper = previous;
    loadOneTrust('0190a1b2-c3d4-test', () => undefined);
    window.OptanonWrapper!();
    expect(previous).toHaveBeenCalledTimes(1);
  });
});
