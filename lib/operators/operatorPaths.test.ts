import { describe, expect, it } from 'vitest';
import { OPERATOR_HOME_PATH, operatorReturnPath } from './operatorPaths';

describe('operatorReturnPath', () => {
  it('keeps back-office pages with their query', () => {
    expect(operatorReturnPath('/admin/funnel?brand=wired')).toBe('/admin/funnel?brand=wired');
    expect(operatorReturnPath('/admin')).toBe('/admin');
  });
  it('keeps the mailbox, which a shared server opens to admins only', () => {
    expect(operatorReturnPath('/mailbox')).toBe('/mailbox');
    expect(operatorReturnPath('/mailbox?to=ada%40example.com')).toBe('/mailbox?to=ada%40example.com');
    expect(operatorReturnPath('/mailboxes')).toBe(OPERATOR_HOME_PATH);
  });
  it('sends anything else home', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example/admin',
      '//evil.example',
      '/admin//evil',
      '/account',
      '/admin/sign-in/factor',
      '/admin\\x',
    ]) {
      expect(operatorReturnPath(bad)).toBe(OPERATOR_HOME_PATH);
    }
  });

  it.each([
    '/admin/../mailbox',
    '/admin/./care',
    '/admin/care/..',
    '/admin/care/../../mailbox',
    '/admin/%2e%2e/mailbox',
    '/admin/%2E%2E/mailbox',
    '/admin/.%2E/mailbox',
    '/admin/./sign-in',
    '/admin\\..\\mailbox',
  ])('sends %s home: a dot segment would leave the back office', (path) => {
    expect(operatorReturnPath(path)).toBe(OPERATOR_HOME_PATH);
  });
  it('keeps a page whose name only holds dots', () => {
    expect(operatorReturnPath('/admin/report.csv')).toBe('/admin/report.csv');
  });
});
