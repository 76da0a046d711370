import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ACCEPTED_NAMES, REFUSED_CHARACTERS } from '@/tests/fixtures/controlCharacters';
import { hasControlCharacter, plainLines, plainText } from './plainText';

describe('plainText', () => {
  const schema = z.string().check(plainText('first name'));

  it.each(REFUSED_CHARACTERS)('refuses %s, with a message naming the field', (_name, character) => {
    const result = schema.safeParse(`Eve${character}Bcc: victim@example.com`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/first name/);
    expect(hasControlCharacter(character)).toBe(true);
  });

  it.each(ACCEPTED_NAMES)('accepts %s', (name) => {
    expect(schema.safeParse(name).success).toBe(true);
  });

  it('takes a form’s own wording instead', () => {
    const worded = z.string().check(plainText('reason', 'Write the reason on one line.'));
    expect(worded.safeParse('a\nb').error?.issues[0]?.message).toBe('Write the reason on one line.');
  });

  it('keeps line breaks and tabs in a few lines of free text, and refuses the rest', () => {
    const lines = z.string().check(plainLines('reason'));
    expect(lines.safeParse('Too expensive.\r\n\tMoving abroad.').success).toBe(true);
    for (const [, character] of REFUSED_CHARACTERS.filter(([, c]) => !['\r', '\n', '\t'].includes(c))) {
      expect(lines.safeParse(`Too expensive${character}`).error?.issues[0]?.message).toMatch(/reason/);
    }
  });
});
