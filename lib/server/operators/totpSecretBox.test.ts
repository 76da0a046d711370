import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSecretKey, TotpSecretBox } from './totpSecretBox';

describe('TotpSecretBox', () => {
  const box = new TotpSecretBox(randomBytes(32));

  it('opens what it sealed, and seals the same secret differently each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(a);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('refuses a box sealed under another key, or altered', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(() => new TotpSecretBox(randomBytes(32)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('AAAAAAAAAAAAAAAA').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => box.open('plain')).toThrow();
  });

  it('reads 32-byte keys in hex or base64 only', () => {
    expect(parseSecretKey('ab'.repeat(32))?.length).toBe(32);
    expect(parseSecretKey(randomBytes(32).toString('base64'))?.length).toBe(32);
    expect(parseSecretKey('short')).toBeNull();
  });
});
