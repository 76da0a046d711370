// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsentBannerSlot, ConsentProvider, useConsent } from './Consent';
import { readStoredConsent } from '@/lib/tracking/consent/consentStore';
import { CONSENT_COOKIE } from '@/lib/tracking/consent/consentStore';

function ModeProbe() {
  const consent = useConsent();
  return (
    <>
      <p data-testid="mode">{consent?.tracking.mode}</p>
      <button type="button" onClick={() => consent?.reopen()}>
        Cookie settings
      </button>
    </>
  );
}

const renderBanner = () =>
  render(
    <ConsentProvider consentId={null} initial={readStoredConsent()}>
      <ConsentBannerSlot />
      <ModeProbe />
    </ConsentProvider>,
  );

afterEach(() => Cookies.remove(CONSENT_COOKIE, { path: '/' }));

describe('the built-in consent banner', () => {
  it('starts anonymous and stores nothing until the visitor answers, and does not take focus', () => {
    renderBanner();
    expect(screen.getByRole('region', { name: 'Your privacy choices' })).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByTestId('mode').textContent).toBe('anonymous');
    expect(document.cookie).toBe('');
  });

  it('accept all: full tracking, remembered in the consent cookie', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(screen.getByTestId('mode').textContent).toBe('full');
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
    expect(Cookies.get(CONSENT_COOKIE)).toBe('v1:C0001,C0002,C0003,C0004');
  });

  it('reject all: anonymous, remembered, and the banner does not come back on the next page', () => {
    const first = renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Reject all' }));
    expect(Cookies.get(CONSENT_COOKIE)).toBe('v1:C0001');
    first.unmount();
    renderBanner();
    expect(screen.getByTestId('mode').textContent).toBe('anonymous');
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
  });

  it('manage choices: per group, strictly necessary always on; targeting alone switches to full', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Manage choices' }));
    const necessary = screen.getByRole('checkbox', { name: /Strictly necessary/ }) as HTMLInputElement;
    expect(necessary.checked && necessary.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Performance/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save my choices' }));
    expect(screen.getByTestId('mode').textContent).toBe('anonymous');
    expect(Cookies.get(CONSENT_COOKIE)).toBe('v1:C0001,C0002');

    act(() => screen.getByRole('button', { name: 'Cookie settings' }).click());
    // Opened from the footer, far below it: focus (and the view) goes to the banner.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Your privacy choices' }));
    fireEvent.click(screen.getByRole('button', { name: 'Manage choices' }));
    expect((screen.getByRole('checkbox', { name: /Performance/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Targeting/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save my choices' }));
    expect(screen.getByTestId('mode').textContent).toBe('full');
  });
});

describe('the banner on the server', () => {
  const html = (initial: Parameters<typeof ConsentProvider>[0]['initial']) =>
    renderToString(
      <ConsentProvider consentId={null} initial={initial}>
        <ConsentBannerSlot />
      </ConsentProvider>,
    );

  it('is in the server HTML of a visitor who has not answered, so hydrating shifts nothing', () => {
    expect(html({ decided: false })).toContain('Your privacy choices');
  });

  it('is not there for a visitor who answered, nor with OneTrust', () => {
    expect(html({ decided: true, groups: new Set(['C0001']) })).not.toContain('Your privacy choices');
    expect(
      renderToString(
        <ConsentProvider consentId="ot-123" initial={{ decided: false }}>
          <ConsentBannerSlot />
        </ConsentProvider>,
      ),
    ).not.toContain('Your privacy choices');
  });
});
