import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals operators' TOTP secrets at rest (AES-256-GCM, a fresh IV each time): a copy of the
 * database alone does not yield anyone's second factor. The key is OPERATOR_SECRET_KEY in
 * production; elsewhere a key kept in the database (serverSecrets.ts), which is convenient
 * and protects nothing, so production refuses to start without the setting.
 */
export class TotpSecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The TOTP secret key must be 32 bytes.');
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  open(box: string): string {
    const [version, iv, tag, sealed] = box.split('.');
    if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('Not a sealed TOTP secret.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** OPERATOR_SECRET_KEY's forms: 64 hex digits or 43–44 base64 characters, each 32 bytes. */
export function parseSecretKey(text: string): Buffer | null {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return key.length === 32 ? key : null;
}
