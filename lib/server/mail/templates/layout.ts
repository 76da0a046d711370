import { escapeHtml } from '@/lib/html/escapeHtml';
import { languageOf } from '@/lib/i18n/locales';
import type { Words } from '@/lib/i18n/words';
import { englishMailWords } from '@/lib/server/mail/mailRecipient';
import { mailLook, type MailBrand, type MailLook } from './mailLook';

/**
 * The parts a mail is made of. Each template lists its blocks once and both parts are
 * drawn from them, so that the plain-text part says everything the HTML part says.
 */
export type MailBlock =
  | { type: 'paragraph'; text: string }
  /**
   * A call to action: a button in HTML, "label:" and the address in text. With `spelledOut`,
   * the HTML part writes the address out under the button too, for clients that hide buttons.
   */
  | { type: 'button'; label: string; href: string; spelledOut?: boolean }
  /** A sentence followed by a link written out, for readers whose client hides buttons. */
  | { type: 'link'; text: string; href: string }
  /** Label and value pairs: what was bought, paid, and when. */
  | { type: 'facts'; rows: readonly { label: string; value: string }[] }
  /** A text shown word for word, line breaks kept (the renewal terms, an address). */
  | { type: 'verbatim'; heading: string; lines: readonly string[] }
  | { type: 'heading'; text: string };

export interface MailLayout {
  /** Null: no brand known, neutral colours and no name in the header. */
  brand: MailBrand | null;
  heading: string;
  /** The line clients show beside the subject in the inbox. */
  preheader: string;
  blocks: readonly MailBlock[];
  /** The footer's links, each when given. */
  footer: { accountUrl?: string | null; cancelUrl?: string | null; why: string };
}

/** Only web links become anchors: anything else is written out as text, never made clickable. */
const isWebLink = (href: string) => /^https?:\/\/[^\s]+$/i.test(href);

const style = (declarations: string) => `style="${escapeHtml(declarations)}"`;

function anchor(href: string, label: string, look: MailLook, extra = ''): string {
  if (!isWebLink(href)) return escapeHtml(label);
  return `<a href="${escapeHtml(href)}" ${style(`color:${look.text};text-decoration:underline;${extra}`)}>${escapeHtml(label)}</a>`;
}

function blockHtml(block: MailBlock, look: MailLook, words: Words): string {
  const paragraph = `margin:0 0 16px;font-size:16px;line-height:1.5;color:${look.text};`;
  switch (block.type) {
    case 'paragraph':
      return `<p ${style(paragraph)}>${escapeHtml(block.text)}</p>`;
    case 'heading':
      return `<h2 ${style(`margin:24px 0 8px;font-size:18px;line-height:1.3;color:${look.text};`)}>${escapeHtml(block.text)}</h2>`;
    case 'link':
      return `<p ${style(paragraph)}>${escapeHtml(block.text)}<br>${anchor(block.href, block.href, look, 'word-break:break-all;')}</p>`;
    case 'button':
      if (!isWebLink(block.href)) return `<p ${style(paragraph)}>${escapeHtml(labelled(words, block.label, block.href))}</p>`;
      // A table cell with a background: the button every client draws (Outlook ignores a link's padding).
      return [
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" ${style('margin:8px 0 24px;border-collapse:separate;')}>`,
        `<tr><td bgcolor="${escapeHtml(look.primary)}" ${style(`background-color:${look.primary};border-radius:4px;`)}>`,
        `<a href="${escapeHtml(block.href)}" ${style(
          `display:inline-block;padding:12px 24px;font-family:${look.fontStack};font-size:16px;font-weight:bold;color:${look.onPrimary};text-decoration:none;border-radius:4px;`,
        )}>${escapeHtml(block.label)}</a>`,
        '</td></tr></table>',
        block.spelledOut
          ? `<p ${style(`margin:0 0 16px;font-size:14px;line-height:1.5;color:${look.text};`)}>${escapeHtml(words.t('mail.layout.buttonFallback'))}<br>${anchor(block.href, block.href, look, 'word-break:break-all;')}</p>`
          : '',
      ].join('');
    case 'facts':
      return [
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" ${style('margin:0 0 16px;border-collapse:collapse;')}>`,
        ...block.rows.map(
          ({ label, value }) =>
            `<tr><td ${style(`padding:6px 12px 6px 0;border-bottom:1px solid #e2e2e2;font-size:15px;color:${look.text};vertical-align:top;`)}>${escapeHtml(label)}</td>` +
            `<td ${style(`padding:6px 0;border-bottom:1px solid #e2e2e2;font-size:15px;font-weight:bold;color:${look.text};text-align:right;vertical-align:top;`)}>${escapeHtml(value)}</td></tr>`,
        ),
        '</table>',
      ].join('');
    case 'verbatim':
      return [
        `<h2 ${style(`margin:24px 0 8px;font-size:18px;line-height:1.3;color:${look.text};`)}>${escapeHtml(block.heading)}</h2>`,
        `<p ${style(`margin:0 0 16px;padding:12px 16px;border-left:4px solid ${look.accent};font-size:15px;line-height:1.5;color:${look.text};`)}>`,
        block.lines.map(escapeHtml).join('<br>'),
        '</p>',
      ].join('');
  }
}

/** "Next charge: December 21, 2026", with the colon the language writes ("Prochain prélèvement : …"). */
const labelled = (words: Words, label: string, value: string) => words.t('mail.layout.labelled', { label, value });

function blockText(block: MailBlock, words: Words): string {
  switch (block.type) {
    case 'paragraph':
      return block.text;
    case 'heading':
      return block.text.toUpperCase();
    case 'link':
      return `${block.text}\n${block.href}`;
    case 'button':
      return `${words.t('mail.layout.label', { label: block.label })}\n${block.href}`;
    case 'facts':
      return block.rows.map(({ label, value }) => labelled(words, label, value)).join('\n');
    case 'verbatim':
      return `${block.heading.toUpperCase()}\n${block.lines.join('\n')}`;
  }
}

function footerLines(footer: MailLayout['footer'], words: Words): { label: string; href: string }[] {
  return [
    ...(footer.accountUrl ? [{ label: words.t('mail.layout.footer.account'), href: footer.accountUrl }] : []),
    ...(footer.cancelUrl ? [{ label: words.t('mail.layout.footer.cancel'), href: footer.cancelUrl }] : []),
  ];
}

/** The plain-text part: the brand, the heading, every block, then the footer, in the recipient's words. */
export function renderText(layout: MailLayout, words: Words = englishMailWords()): string {
  const links = footerLines(layout.footer, words).map(({ label, href }) => labelled(words, label, href));
  const parts = [
    ...(layout.brand ? [layout.brand.name] : []),
    layout.heading,
    ...layout.blocks.map((block) => blockText(block, words)),
    ['--', ...links, layout.footer.why].join('\n'),
  ];
  return `${parts.join('\n\n')}\n`;
}

/**
 * The HTML part: tables and inline styles only (what mail clients render; most drop
 * <style> and ignore flex or grid), a single 600-pixel column that narrows on a phone,
 * in the brand's colours and font; its language is the recipient's.
 */
export function renderHtml(layout: MailLayout, words: Words = englishMailWords()): string {
  const look = mailLook(layout.brand?.identity ?? null);
  const cell = `font-family:${look.fontStack};color:${look.text};`;
  const footerLinks = footerLines(layout.footer, words)
    .map(({ label, href }) => anchor(href, label, look))
    .join(' &middot; ');
  const title = layout.brand ? `${layout.heading} | ${layout.brand.name}` : layout.heading;
  return [
    '<!DOCTYPE html>',
    `<html lang="${languageOf(words.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="color-scheme" content="light"><title>${escapeHtml(title)}</title></head>`,
    `<body ${style('margin:0;padding:0;background-color:#f0f0f0;')}>`,
    `<div ${style('display:none;max-height:0;overflow:hidden;mso-hide:all;')}>${escapeHtml(layout.preheader)}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" ${style('background-color:#f0f0f0;')}>`,
    `<tr><td align="center" ${style('padding:24px 8px;')}>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" ${style(
      `max-width:600px;background-color:${look.background};border-collapse:collapse;`,
    )}>`,
    layout.brand
      ? `<tr><td bgcolor="${escapeHtml(look.primary)}" ${style(
          `padding:20px 24px;background-color:${look.primary};border-bottom:4px solid ${look.accent};font-family:${look.fontStack};font-size:22px;font-weight:bold;color:${look.onPrimary};`,
        )}>${escapeHtml(layout.brand.name)}</td></tr>`
      : `<tr><td ${style(`padding:0;border-top:4px solid ${look.primary};font-size:0;line-height:0;`)}>&nbsp;</td></tr>`,
    `<tr><td ${style(`padding:28px 24px 12px;${cell}`)}>`,
    `<h1 ${style(`margin:0 0 16px;font-size:24px;line-height:1.25;color:${look.text};`)}>${escapeHtml(layout.heading)}</h1>`,
    ...layout.blocks.map((block) => blockHtml(block, look, words)),
    '</td></tr>',
    `<tr><td ${style(`padding:16px 24px 24px;border-top:1px solid #e2e2e2;font-family:${look.fontStack};font-size:13px;line-height:1.5;color:${look.text};`)}>`,
    footerLinks ? `<p ${style('margin:0 0 8px;')}>${footerLinks}</p>` : '',
    `<p ${style('margin:0;')}>${escapeHtml(layout.footer.why)}</p>`,
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
}
