import { describe, expect, it } from 'vitest';
import { APP_ENVS } from '@/lib/config/publicEnv';
import { mailboxAccess, outboxReadRule, withSecretLinksWithheld, WITHHELD_BODY } from './mailboxAccess';

const kept = { PAYMENTS_SANDBOX: true, SMTP_URL: undefined };

describe('mailboxAccess', () => {
  it.each([
    // env, loopback, role, answer
    ['development', true, null, 'open'],
    ['development', false, null, 'absent'],
    ['development', false, 'admin', 'absent'],
    ['staging', false, null, 'sign-in'],
    ['staging', true, null, 'sign-in'],
    ['staging', false, 'admin', 'open'],
    ['staging', false, 'care', 'forbidden'],
    ['test', false, 'marketer', 'forbidden'],
    ['production', true, 'admin', 'absent'],
  ] as const)('%s, loopback %s, role %s: %s', (APP_ENV, loopback, role, kind) => {
    expect(mailboxAccess({ ...kept, APP_ENV }, { loopback, role })).toEqual({ kind });
  });

  it('is absent wherever mail really leaves or the sandbox is off', () => {
    for (const APP_ENV of APP_ENVS) {
      expect(mailboxAccess({ PAYMENTS_SANDBOX: true, SMTP_URL: 'smtp://mail', APP_ENV }, { loopback: true, role: 'admin' })).toEqual({
        kind: 'absent',
      });
      expect(mailboxAccess({ PAYMENTS_SANDBOX: false, SMTP_URL: undefined, APP_ENV }, { loopback: true, role: 'admin' })).toEqual({
        kind: 'absent',
      });
    }
  });
});

describe('outboxReadRule', () => {
  it('is loopback on a developer server, a session on a shared one, and no secret link in production', () => {
    expect(outboxReadRule('development')).toEqual({ loopbackOnly: true, sessionOnly: false, withholdSecretLinks: false });
    expect(outboxReadRule('staging')).toEqual({ loopbackOnly: false, sessionOnly: true, withholdSecretLinks: false });
    expect(outboxReadRule('test')).toEqual({ loopbackOnly: false, sessionOnly: true, withholdSecretLinks: false });
    expect(outboxReadRule('production')).toEqual({ loopbackOnly: false, sessionOnly: false, withholdSecretLinks: true });
  });
});

describe('withSecretLinksWithheld', () => {
  const mail = { kind: 'sign-in' as const, link: 'https://x/?token=1', text: 'https://x/?token=1', html: '<a>' };
  it('empties a sign-in mail and leaves a receipt as it is', () => {
    expect(withSecretLinksWithheld(mail)).toEqual({ kind: 'sign-in', link: null, text: WITHHELD_BODY, html: null });
    const receipt = { ...mail, kind: 'renewal-receipt' as const };
    expect(withSecretLinksWithheld(receipt)).toBe(receipt);
  });
});
