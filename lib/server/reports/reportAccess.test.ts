import { describe, expect, it } from 'vitest';
import { basicAuthPassword, reportAccess } from './reportAccess';

const TOKEN = 'a-long-admin-token-0123456789';
const basic = (userAndPassword: string) => `Basic ${Buffer.from(userAndPassword, 'utf8').toString('base64')}`;

describe('reportAccess', () => {
  it.each<[string, string | undefined, string | undefined, string]>([
    ['any user name with the token', basic(`marketing:${TOKEN}`), TOKEN, 'granted'],
    ['an empty user name with the token', basic(`:${TOKEN}`), TOKEN, 'granted'],
    ['the scheme in lower case', basic(`m:${TOKEN}`).replace('Basic', 'basic'), TOKEN, 'granted'],
    ['no header', undefined, TOKEN, 'unauthorized'],
    ['a wrong password', basic('marketing:guess'), TOKEN, 'unauthorized'],
    ['the token with a character more', basic(`m:${TOKEN}x`), TOKEN, 'unauthorized'],
    ['the token as user name', basic(`${TOKEN}:`), TOKEN, 'unauthorized'],
    ['the bearer token of the API', `Bearer ${TOKEN}`, TOKEN, 'unauthorized'],
    ['no colon', basic(TOKEN), TOKEN, 'unauthorized'],
    ['no ADMIN_TOKEN configured', basic(`m:${TOKEN}`), undefined, 'disabled'],
    ['an empty ADMIN_TOKEN', basic('m:'), '', 'disabled'],
  ])('%s: %s', (_name, header, token, access) => {
    expect(reportAccess(header, token)).toBe(access);
  });
});

describe('basicAuthPassword', () => {
  it.each<[string | undefined, string | null]>([
    [basic('user:pass:with:colons'), 'pass:with:colons'],
    [basic('user:pässwörd'), 'pässwörd'],
    [basic('user:'), ''],
    ['Basic', null],
    ['Basic not base64!', null],
    ['Digest abc', null],
    [undefined, null],
  ])('reads %s', (header, password) => {
    expect(basicAuthPassword(header)).toBe(password);
  });
});
