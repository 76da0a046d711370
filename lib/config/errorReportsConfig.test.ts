// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_REPORTS_META, errorReportsMetaContent, readErrorReportsConfig } from './errorReportsConfig';

const DSN = 'https://public@o1.ingest.sentry.io/2';

function pageWith(content: string | null): Document {
  document.head.innerHTML = content === null ? '' : `<meta name="${ERROR_REPORTS_META}">`;
  document.querySelector('meta')?.setAttribute('content', content ?? '');
  return document;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('error reports configuration handed to the browser', () => {
  it('is written only with a DSN, and read back as written', () => {
    expect(errorReportsMetaContent({ APP_ENV: 'production' })).toBeNull();
    const content = errorReportsMetaContent({ SENTRY_DSN: DSN, APP_ENV: 'production' })!;
    expect(readErrorReportsConfig(pageWith(content))).toEqual({ dsn: DSN, appEnv: 'production' });
  });

  it.each([
    ['no meta tag', null],
    ['an empty one', ''],
    ['not JSON', 'dsn=x'],
    ['JSON without a DSN', '{"appEnv":"production"}'],
    ['a DSN that is not text', '{"dsn":1,"appEnv":"production"}'],
  ])('leaves error reporting off for %s', (_name, content) => {
    expect(readErrorReportsConfig(pageWith(content))).toBeNull();
  });
});
