import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from './createDb';

describe('parseDatabaseUrl', () => {
  it.each([
    ['file:data/journey.db', 'data/journey.db'],
    ['file:/var/lib/journey/journey.db', '/var/lib/journey/journey.db'],
    ['file::memory:', ':memory:'],
  ])('%s is SQLite at %s', (url, filename) => {
    expect(parseDatabaseUrl(url)).toEqual({ dialect: 'sqlite', filename });
  });

  it.each([
    ['file:', /needs a path/],
    ['postgres://u:p@localhost/journey', /PostgreSQL/],
    ['mysql://localhost/journey', /must start with "file:"/],
  ])('%s is refused with a message', (url, message) => {
    expect(() => parseDatabaseUrl(url)).toThrow(message);
  });
});
