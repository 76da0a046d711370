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

  it.each(['postgres://journey:secret@db.internal:5432/journey', 'postgresql://journey@127.0.0.1/journey?sslmode=require'])(
    '%s is PostgreSQL',
    (url) => {
      expect(parseDatabaseUrl(url)).toEqual({ dialect: 'postgres', connectionString: url });
    },
  );

  it('takes the pool size it is given for PostgreSQL', () => {
    expect(parseDatabaseUrl('postgres://db/journey', 20)).toEqual({
      dialect: 'postgres',
      connectionString: 'postgres://db/journey',
      poolSize: 20,
    });
  });

  it.each([
    ['file:', /needs a path/],
    ['postgres://', /without a host/],
    ['mysql://localhost/journey', /must start with "file:" \(SQLite\) or "postgres:\/\/" \(PostgreSQL\)/],
  ])('%s is refused with a message', (url, message) => {
    expect(() => parseDatabaseUrl(url)).toThrow(message);
  });
});
