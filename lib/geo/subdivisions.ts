import type { Language } from '@/lib/i18n/locales';
import type { Subdivision } from './addressDataSource';
import { addressLayout } from './addressLayout';
import { regionsOf, type Region } from './regions';
import { SUBDIVISION_CHUNKS } from './subdivisionChunks';

/**
 * The lists loaded so far, kept on globalThis: Next bundles each server entry apart, and one
 * load at start (instrumentation.ts) must serve them all.
 */
const store = globalThis as typeof globalThis & { __subdivisions?: Map<string, readonly Subdivision[]> };
const loaded = (store.__subdivisions ??= new Map());

/**
 * The regions of `country` a buyer chooses from: the US states and Canadian provinces the tax
 * tables know (named in `language`), another country's list from Google's data once loaded
 * (loadSubdivisions), null while it is not; an empty list where the country has none.
 */
export function subdivisionsOf(country: string, language: Language = 'en'): readonly Region[] | null {
  const taxRegions = regionsOf(country, language);
  if (taxRegions.length > 0) return taxRegions;
  if (!addressLayout(country).regionList) return [];
  return loaded.get(country) ?? null;
}

/** Whether `country`'s list is one a page loads when asked for (Google's lists), not one it carries (the US states, Canada's provinces). */
export function loadsLater(country: string): boolean {
  return regionsOf(country).length === 0 && Object.hasOwn(SUBDIVISION_CHUNKS, country);
}

/** Loads `country`'s list, where it has one and it is not loaded yet (a chunk of its own in the browser). */
export async function loadSubdivisions(country: string): Promise<void> {
  if (loaded.has(country) || !Object.hasOwn(SUBDIVISION_CHUNKS, country)) return;
  const list = (await SUBDIVISION_CHUNKS[country]!()).default;
  loaded.set(country, list);
}

let all: Promise<void> | null = null;
/** Loads every country's list: the server does, once, before it checks an address. */
export function loadAllSubdivisions(): Promise<void> {
  return (all ??= Promise.all(Object.keys(SUBDIVISION_CHUNKS).map(loadSubdivisions)).then(() => undefined));
}
