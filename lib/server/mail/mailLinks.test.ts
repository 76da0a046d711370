import { describe, expect, it } from 'vitest';
import { mailLinks } from './mailLinks';

describe('mailLinks', () => {
  it('lists the main link first, then the HTML anchors and the text addresses, each once, entities read', () => {
    expect(
      mailLinks({
        link: 'https://example.com/keep?a=1&b=2',
        html: '<p><a href="https://example.com/account" style="x">Account</a> <a class="x" href="https://example.com/keep?a=1&amp;b=2">Keep</a></p>',
        text: 'Keep: https://example.com/keep?a=1&b=2\nCancel here: https://example.com/cancel.\n(https://example.com/help)',
      }),
    ).toEqual([
      'https://example.com/keep?a=1&b=2',
      'https://example.com/account',
      'https://example.com/cancel',
      'https://example.com/help',
    ]);
  });

  it('keeps only web links', () => {
    expect(
      mailLinks({
        link: null,
        html: '<a href="javascript:alert(1)">x</a><a href="mailto:a@example.com">y</a><a href="http://localhost:3000/x">z</a>',
        text: 'nothing here',
      }),
    ).toEqual(['http://localhost:3000/x']);
  });

  it('reads a mail queued before there was an HTML part', () => {
    expect(mailLinks({ link: 'http://localhost:3000/a?token=t', html: null, text: 'Open http://localhost:3000/a?token=t' })).toEqual([
      'http://localhost:3000/a?token=t',
    ]);
  });
});
