// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetMarketingCode, loadMarketingScript, needsFullLoad } from './marketingCode';

// Marketing code hooks the router's back/forward (paymentPageIsolation.test.ts tests that).
vi.mock('next/router', () => ({ default: { beforePopState: () => undefined } }));

const at = (path: string) => window.history.replaceState(null, '', path);
const scripts = () => [...document.scripts].map((script) => script.src);

afterEach(() => {
  forgetMarketingCode();
  document.head.innerHTML = '';
  at('/');
});

describe('marketing code and payment pages', () => {
  it('loads a marketing script off the payment pages', () => {
    at('/vogue/demo-single/cart');
    expect(loadMarketingScript(window, 'https://www.googletagmanager.com/gtm.js?id=GTM-X', 'failed')).toBe(true);
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-X']);
  });

  it('never loads one on a payment page', () => {
    for (const path of ['/vogue/demo-single/credit-card', '/vogue/demo-single/credit-card/amazon-pay', '/sandbox/wallet/pay_1']) {
      at(path);
      expect(loadMarketingScript(window, 'https://cdn.martech.example/lib.js', 'failed')).toBe(false);
    }
    expect(scripts()).toEqual([]);
    expect(needsFullLoad('/vogue/demo-single/credit-card')).toBe(false);
  });

  it('once one has loaded, asks for a full load to reach a payment page, not to reach others', () => {
    at('/vogue/demo-single/cart');
    loadMarketingScript(window, 'https://cdn.martech.example/lib.js', 'failed');
    expect(needsFullLoad('/vogue/demo-single/credit-card?livemode=false')).toBe(true);
    expect(needsFullLoad('http://localhost:3000/vogue/demo-single/credit-card/amazon-pay')).toBe(true);
    expect(needsFullLoad('/vogue/demo-single/success')).toBe(false);
  });
});
