import type { CSSProperties } from 'react';
import type { BrandIdentity } from '@/lib/catalogue/types';

const FONT_STACKS: Record<BrandIdentity['fontFamily'], string> = {
  serif: 'Georgia, "Times New Roman", Times, serif',
  sans: '"Helvetica Neue", Helvetica, Arial, "Liberation Sans", sans-serif',
  display: 'Didot, "Bodoni 72", "Bodoni MT", Georgia, serif',
};

/** A brand's look as CSS custom properties, for a frame's style: the journey's pages and its error pages look alike. */
export function brandTheme(identity: BrandIdentity): CSSProperties {
  return {
    '--brand-primary': identity.primaryColor,
    '--brand-accent': identity.accentColor,
    '--brand-background': identity.backgroundColor,
    '--brand-text': identity.textColor,
    '--brand-font': FONT_STACKS[identity.fontFamily],
  } as CSSProperties;
}
