import { describe, expect, it } from 'vitest';
import { hasDotSegment } from './dotSegments';

describe('hasDotSegment', () => {
  it.each([
    '/admin/../mailbox',
    '/admin/./x',
    '/admin/..',
    '/admin/%2e%2e/mailbox',
    '/admin/%2E%2E/mailbox',
    '/admin/.%2E/mailbox',
    '/admin/%2E./mailbox',
    '/admin/%2e',
    '/admin\\mailbox',
    '/admin/..\\mailbox',
  ])('finds one in %s', (path) => {
    expect(hasDotSegment(path)).toBe(true);
  });

  it.each(['/admin', '/admin/care', '/admin/file.v2', '/admin/...', '/admin/.well', '/admin?next=..', '/admin/care?q=a%2e%2eb'])(
    'finds none in %s',
    (path) => {
      expect(hasDotSegment(path)).toBe(false);
    },
  );
});
