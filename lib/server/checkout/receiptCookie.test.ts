import { describe, expect, it } from 'vitest';
import { readReceipt, receiptCookie } from './receiptCookie';

const receipt = { transactionId: 'txn_0123456789abcdef01234567', token: '3b241101-e2bb-4255-8caf-4136c566a962' };

describe('receipt cookie', () => {
  it('is HttpOnly and SameSite=Lax, and Secure when the site is https', () => {
    const cookie = receiptCookie(receipt, true);
    expect(cookie).toMatch(/^__Host-pj_receipt=txn_0123456789abcdef01234567\.3b241101-e2bb-4255-8caf-4136c566a962;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Secure');
    expect(receiptCookie(receipt, false)).not.toContain('Secure');
  });

  it('reads back what it wrote, on an http and an https site', () => {
    for (const secure of [false, true]) {
      const header = receiptCookie(receipt, secure).split(';')[0];
      expect(readReceipt(`other=1; ${header}`, secure)).toEqual(receipt);
    }
  });

  it.each([undefined, '', 'pj_receipt=', 'pj_receipt=txn_x.y', 'pj_receipt=txn_0123456789abcdef01234567', 'pj_receipt=%ZZ'])(
    'ignores %j',
    (header) => {
      expect(readReceipt(header, false)).toBeNull();
    },
  );
});
