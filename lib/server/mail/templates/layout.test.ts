import { describe, expect, it } from 'vitest';
import { HOSTILE, hrefs, visibleText } from '@/tests/fixtures/mailHtml';
import { renderHtml, renderText, type MailLayout } from './layout';
import { escapeHtml } from '@/lib/html/escapeHtml';

const layout = (overrides: Partial<MailLayout> = {}): MailLayout => ({
  brand: null,
  heading: 'Heading',
  preheader: 'Preheader',
  blocks: [],
  footer: { why: 'Why you got this.' },
  ...overrides,
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('mail layout', () => {
  it('escapes every value it is given, in content and in attributes', () => {
    const html = renderHtml(
      layout({
        brand: { name: HOSTILE, identity: null },
        heading: HOSTILE,
        preheader: HOSTILE,
        blocks: [
          { type: 'paragraph', text: HOSTILE },
          { type: 'heading', text: HOSTILE },
          { type: 'button', label: HOSTILE, href: 'https://example.com/?a=1&b="2"', spelledOut: true },
          { type: 'link', text: HOSTILE, href: 'https://example.com/?a=1&b=<2>' },
          { type: 'facts', rows: [{ label: HOSTILE, value: HOSTILE }] },
          { type: 'verbatim', heading: HOSTILE, lines: [HOSTILE, HOSTILE] },
        ],
        footer: { accountUrl: 'https://example.com/account?x="1"', cancelUrl: 'https://example.com/cancel', why: HOSTILE },
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Tom &amp; Jerry&#39;s &lt;b&gt;');
    expect(hrefs(html)).toEqual([
      'https://example.com/?a=1&b=&quot;2&quot;',
      'https://example.com/?a=1&b=&quot;2&quot;',
      'https://example.com/?a=1&b=&lt;2&gt;',
      'https://example.com/account?x=&quot;1&quot;',
      'https://example.com/cancel',
    ]);
    expect(html).toContain('href="https://example.com/?a=1&amp;b=&quot;2&quot;"');
  });

  it('writes links that are not web links as text, never as anchors', () => {
    const html = renderHtml(
      layout({
        blocks: [
          { type: 'button', label: 'Open', href: 'javascript:alert(1)' },
          { type: 'link', text: 'Or here:', href: 'data:text/html,x' },
        ],
        footer: { accountUrl: 'vbscript:x', why: 'w' },
      }),
    );
    expect(hrefs(html)).toEqual([]);
    expect(visibleText(html)).toContain('Open: javascript:alert(1)');
  });

  it('draws in the brand colours and font, with button text readable on the primary colour', () => {
    const dark = renderHtml(
      layout({
        brand: {
          name: 'Vogue',
          identity: {
            primaryColor: '#000000',
            accentColor: '#B3122E',
            backgroundColor: '#fbfaf6',
            textColor: '#111111',
            fontFamily: 'serif',
            tagline: '',
          },
        },
        blocks: [{ type: 'button', label: 'Go', href: 'https://example.com' }],
      }),
    );
    expect(dark).toContain('background-color:#000000');
    expect(dark).toContain('border-bottom:4px solid #b3122e');
    expect(dark).toContain('background-color:#fbfaf6');
    expect(dark).toContain('color:#ffffff;text-decoration:none');
    expect(dark).toContain('Georgia');

    const light = renderHtml(
      layout({
        brand: {
          name: 'Pale',
          identity: {
            primaryColor: '#f5e050',
            accentColor: '#000000',
            backgroundColor: '#ffffff',
            textColor: '#111111',
            fontFamily: 'sans',
            tagline: '',
          },
        },
        blocks: [{ type: 'button', label: 'Go', href: 'https://example.com' }],
      }),
    );
    expect(light).toContain('color:#111111;text-decoration:none');
  });

  it('falls back to neutral colours without a brand, and for a colour that is not #rrggbb', () => {
    const neutral = renderHtml(layout());
    expect(neutral).toContain('border-top:4px solid #1f1f1f');
    const odd = renderHtml(
      layout({
        brand: {
          name: 'Odd',
          identity: {
            primaryColor: 'red;background:url(https://evil.example/x)',
            accentColor: '#123456',
            backgroundColor: '#ffffff',
            textColor: '#000000',
            fontFamily: 'display',
            tagline: '',
          },
        },
      }),
    );
    expect(odd).not.toContain('evil.example');
    expect(odd).toContain('background-color:#1f1f1f');
  });

  it('writes the text part from the same blocks, with the footer links', () => {
    const text = renderText(
      layout({
        brand: { name: 'Vogue', identity: null },
        blocks: [
          { type: 'paragraph', text: 'Para.' },
          { type: 'button', label: 'Go', href: 'https://example.com/go' },
          { type: 'facts', rows: [{ label: 'Amount', value: '$1.00' }] },
          { type: 'verbatim', heading: 'Terms', lines: ['Line one', '  Line two  '] },
        ],
        footer: { accountUrl: 'https://example.com/account', cancelUrl: 'https://example.com/cancel', why: 'Why.' },
      }),
    );
    expect(text).toBe(
      [
        'Vogue',
        'Heading',
        'Para.',
        'Go:\nhttps://example.com/go',
        'Amount: $1.00',
        'TERMS\nLine one\n  Line two  ',
        '--\nYour account: https://example.com/account\nCancel a subscription: https://example.com/cancel\nWhy.',
      ].join('\n\n') + '\n',
    );
  });
});
