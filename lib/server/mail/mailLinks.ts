const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

const decodeAttribute = (value: string) => value.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** A web address as text writes it: up to a space or a bracket, without the sentence's closing punctuation. */
const TEXT_URL = /https?:\/\/[^\s<>"']+/g;
const WEB_LINK = /^https?:\/\/\S+$/i;

/**
 * Every web link of a mail, each once: its main link first, then the anchors of its HTML
 * part, then the addresses its text part writes out. Nothing but http(s): the mailbox
 * shows these as links a person clicks.
 */
export function mailLinks(mail: { link: string | null; html: string | null; text: string }): string[] {
  const found: string[] = [];
  if (mail.link) found.push(mail.link);
  for (const match of (mail.html ?? '').matchAll(/<a\s[^>]*?href="([^"]*)"/gi)) found.push(decodeAttribute(match[1]!));
  for (const match of mail.text.matchAll(TEXT_URL)) found.push(match[0].replace(/[.,;:!?)]+$/, ''));
  return [...new Set(found.filter((link) => WEB_LINK.test(link)))];
}
