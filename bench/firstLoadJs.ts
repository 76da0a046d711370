import { gzipSync } from 'node:zlib';

export interface FirstLoadJs {
  scripts: { src: string; gzipBytes: number }[];
  gzipBytes: number;
}

/** The script URLs a page's HTML loads (<script src>), in document order. */
export function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** Fetches a page and every script its HTML loads, and adds up their gzip sizes. */
export async function firstLoadJs(origin: string, pagePath: string): Promise<FirstLoadJs> {
  const html = await (await fetch(`${origin}${pagePath}`)).text();
  const scripts = await Promise.all(
    scriptSources(html).map(async (src) => {
      const response = await fetch(new URL(src, origin));
      if (!response.ok) throw new Error(`${src} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      return { src, gzipBytes: gzipSync(body, { level: 9 }).length };
    }),
  );
  return { scripts, gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0) };
}
