import { useEffect, useId, useRef, useState } from 'react';
import styles from './CampaignPreview.module.css';

/** A screen the preview is shown on, in CSS pixels: the page inside lays itself out for exactly this size. */
export interface PreviewScreen {
  name: 'Phone' | 'Desktop';
  width: number;
  height: number;
}

export const PREVIEW_SCREENS: readonly PreviewScreen[] = [
  { name: 'Phone', width: 390, height: 844 },
  { name: 'Desktop', width: 1280, height: 800 },
];

/**
 * One screen's frame: the page at its true size, scaled down to the width its column gives
 * it (CSS decides the column; the box's aspect ratio keeps the scaled height, so nothing
 * overlaps). The frame is made only in the browser, once its scale is known: it never shows
 * at a wrong size, and its load is never missed before hydration.
 */
export function PreviewFrame({ screen, path }: { screen: PreviewScreen; path: string }) {
  const { box, scale } = useFitScale(screen.width);
  const [loaded, setLoaded] = useState(false);
  const caption = useId();
  // Named by its caption for every tool, not only the browsers that read figcaption for it.
  return (
    <figure className={`${styles.figure} ${screen.name === 'Phone' ? styles.phone : styles.desktop}`} aria-labelledby={caption}>
      <figcaption id={caption} className={styles.caption}>{`${screen.name}, ${screen.width} × ${screen.height}`}</figcaption>
      <div
        ref={box}
        className={styles.viewport}
        style={{ maxWidth: `${screen.width}px`, aspectRatio: `${screen.width} / ${screen.height}` }}
      >
        {!loaded && (
          <div className={styles.loading} role="status">
            Loading the preview…
          </div>
        )}
        {scale !== null && (
          <iframe
            className={styles.frame}
            title={`${screen.name} preview`}
            src={path}
            width={screen.width}
            height={screen.height}
            style={{ transform: `scale(${scale})` }}
            onLoad={() => setLoaded(true)}
          />
        )}
      </div>
    </figure>
  );
}

/** The scale at which `trueWidth` fills the box's width (never above 1); null until the box is measured. */
function useFitScale(trueWidth: number) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState<number | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    // Called once on observing, then on every change of the column (a resized window, a rotated phone).
    const observer = new ResizeObserver((entries) => {
      const width = entries[entries.length - 1]?.contentRect.width ?? 0;
      // A hidden box (width 0) keeps the last scale.
      if (width > 0) setScale(Math.min(1, width / trueWidth));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [trueWidth]);
  return { box, scale };
}
