import type { BrandIdentity } from '@/lib/catalogue/types';

/** The brand a mail speaks for: its name, and its look when the catalogue has one. */
export interface MailBrand {
  name: string;
  identity: BrandIdentity | null;
}

/** The colours and font a mail is drawn with: the brand's, or neutral ones. */
export interface MailLook {
  /** The header band and the buttons. */
  primary: string;
  /** Readable on `primary`: white or near-black, whichever contrasts more. */
  onPrimary: string;
  /** The rule under the header. */
  accent: string;
  /** The card the mail's content sits on. */
  background: string;
  text: string;
  fontStack: string;
}

/** The site's stacks (styles/globals.css), each ending in a generic family every client has. */
const FONT_STACKS: Record<BrandIdentity['fontFamily'], string> = {
  serif: "Georgia, 'Times New Roman', Times, serif",
  sans: "'Helvetica Neue', Helvetica, Arial, sans-serif",
  display: "Didot, 'Bodoni 72', 'Bodoni MT', Georgia, serif",
};

const NEUTRAL: MailLook = {
  primary: '#1f1f1f',
  onPrimary: '#ffffff',
  accent: '#6b6b6b',
  background: '#ffffff',
  text: '#1f1f1f',
  fontStack: FONT_STACKS.sans,
};

/** The catalogue checks colours on import; a mail checks again, for a colour goes into a style attribute. */
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const colorOr = (value: string, fallback: string) => (HEX_COLOR.test(value) ? value.toLowerCase() : fallback);

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function readableOn(hex: string): string {
  const l = luminance(hex);
  // Contrast ratios against white (luminance 1) and near-black #111111 (about 0.0056).
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.0556 ? '#ffffff' : '#111111';
}

export function mailLook(identity: BrandIdentity | null): MailLook {
  if (!identity) return NEUTRAL;
  const primary = colorOr(identity.primaryColor, NEUTRAL.primary);
  return {
    primary,
    onPrimary: readableOn(primary),
    accent: colorOr(identity.accentColor, NEUTRAL.accent),
    background: colorOr(identity.backgroundColor, NEUTRAL.background),
    text: colorOr(identity.textColor, NEUTRAL.text),
    fontStack: FONT_STACKS[identity.fontFamily] ?? NEUTRAL.fontStack,
  };
}
