import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { subdivisionsOf } from '@/lib/geo/subdivisions';
import { AddressFields } from './AddressFields';

type F = 'line1' | 'city' | 'region' | 'postalCode';
const FIELDS = { line1: 'line1', city: 'city', region: 'region', postalCode: 'postalCode' } as const;

function html(country: string): string {
  return renderToString(
    <AddressFields<F>
      country={country}
      place="billing"
      idPrefix="s"
      fields={FIELDS}
      values={{ line1: '', city: '', region: '', postalCode: '' }}
      errors={{}}
      onChange={() => {}}
    />,
  );
}

describe('AddressFields on the server', () => {
  it('writes a list the browser loads later as loading, though the server has it, so that hydration matches', () => {
    expect(subdivisionsOf('IT')).not.toBeNull();
    expect(html('IT')).toContain('Loading the list…');
    expect(html('IT')).not.toContain('Roma');
  });

  it('writes the US states at once: the page carries them', () => {
    expect(html('US')).toContain('Texas');
  });
});
