/** A piece of a worded message: text, or the text inside one of its numbered tags. */
export type MarkupPart = string | { tag: string; text: string };

const TAG = /<(\d+)>([\s\S]*?)<\/\1>/g;

/**
 * A worded message cut at its numbered tags ("Read the <0>terms</0>." → text, tag 0,
 * text), for a component to wrap each tag's text in its element. Our catalogues never nest
 * tags (the catalogue test checks each translation keeps the English one's tags).
 */
export function markupParts(message: string): MarkupPart[] {
  const parts: MarkupPart[] = [];
  let at = 0;
  for (const match of message.matchAll(TAG)) {
    if (match.index > at) parts.push(message.slice(at, match.index));
    parts.push({ tag: match[1]!, text: match[2]! });
    at = match.index + match[0].length;
  }
  if (at < message.length) parts.push(message.slice(at));
  return parts;
}
