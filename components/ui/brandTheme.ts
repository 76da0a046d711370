import type { CSSProperties } from 'react';
import type { BrandIdentity } from '@/lib/catalogue/types';

/**
 * A brand's look, for a frame's props: its colours as CSS custom properties, and its font
 * family as `data-brand-font`, whose stack is in styles/globals.css (a stylesheet rule, not
 * a table in every page's script). The journey's pages and its error pages look alike.
 */
export function brandTheme(identity: BrandIdentity): { style: CSSProperties; 'data-brand-font': BrandIdentity['fontFamily'] } {
  return {
    style: {
      '--brand-primary': identity.primaryColor,
      '--brand-accent': identity.accentColor,
      '--brand-background': identity.backgroundColor,
      '--brand-text': identity.textColor,
    } as CSSProperties,
    'data-brand-font': identity.fontFamily,
  };
}
