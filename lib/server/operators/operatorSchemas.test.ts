import { describe, expect, it } from 'vitest';
import { tokenCreateBody } from './operatorSchemas';

describe('tokenCreateBody', () => {
  it('takes each of the four scopes once, and refuses a scope named twice or one that is none', () => {
    expect(tokenCreateBody.safeParse({ name: 'Studio script', scopes: ['reports', 'campaigns', 'care', 'admin'] }).success).toBe(true);
    const twice = tokenCreateBody.safeParse({ name: 'x', scopes: ['reports', 'reports'] });
    expect(twice.success ? null : twice.error.issues[0]!.message).toBe('Name each scope once.');
    const none = tokenCreateBody.safeParse({ name: 'x', scopes: ['root'] });
    expect(none.success ? null : none.error.issues[0]!.message).toBe('Scopes are reports, campaigns, care or admin.');
  });
});
