import { describe, expect, it } from 'vitest';
import { knownTimeZone, TIME_ZONE_PATTERN } from './timeZone';

describe('knownTimeZone', () => {
  it('names a zone as the time zone database does', () => {
    expect(knownTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(knownTimeZone('america/toronto')).toBe('America/Toronto');
  });

  it('takes UTC for a zone this runtime does not know, or none', () => {
    for (const name of ['Mars/Olympus_Mons', '', null, undefined]) expect(knownTimeZone(name)).toBe('UTC');
  });
});

describe('TIME_ZONE_PATTERN', () => {
  it('lets through what a browser resolves, and nothing that could not be a zone', () => {
    for (const name of ['UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'America/Port-au-Prince'])
      expect(name).toMatch(TIME_ZONE_PATTERN);
    for (const name of ['<b>', 'Europe/ Berlin', '../etc/passwd', 'Europe//Berlin']) expect(name).not.toMatch(TIME_ZONE_PATTERN);
  });
});
