import { gzipSync } from 'node:zlib';

export interface FirstLoadJs {
  scripts: { src: string; gzipBytes: number }[];
  gzipBytes: number;
}

/** The script URLs a page's HTML loads (<script src>), in document order. */
export function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** Fetches one script; its gzip size (level 9) stands for what a browser downloads from a compressing server. */
export async function fetchScript(url: URL): Promise<{ text: string; gzipBytes: number }> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { text: body.toString('utf8'), gzipBytes: gzipSync(body, { level: 9 }).length };
}

/** Fetches a page and every script its HTML loads, and adds up their gzip sizes. */
export async function firstLoadJs(origin: string, pagePath: string): Promise<FirstLoadJs> {
  const html = await (await fetch(`${origin}${pagePath}`)).text();
  const scripts = await Promise.all(
    scriptSources(html).map(async (src) => ({ src, gzipBytes: (await fetchScript(new URL(src, origin))).gzipBytes })),
  );
  return { scripts, gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0) };
}
