// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { optionsMarkup } from './optionsMarkup';

describe('optionsMarkup', () => {
  it('writes the placeholder first, then each option in order', () => {
    expect(
      optionsMarkup(
        'Choose',
        [
          { value: 'US', label: 'United States' },
          { value: 'CA', label: 'Canada' },
        ],
        '',
      ),
    ).toBe('<option value="" selected>Choose</option><option value="US">United States</option><option value="CA">Canada</option>');
  });

  it('marks the chosen option, so that the page shows it before any script runs', () => {
    const select = document.createElement('select');
    select.innerHTML = optionsMarkup(
      'Choose',
      [
        { value: 'US', label: 'United States' },
        { value: 'CA', label: 'Canada' },
      ],
      'CA',
    );
    expect(select.value).toBe('CA');
  });

  it('escapes values and labels so that no option can break out of its markup', () => {
    const markup = optionsMarkup('Pick <one>', [{ value: '"><script>x</script>', label: "Côte d'Ivoire & <b>" }], 'none');
    expect(markup).toBe(
      '<option value="">Pick &lt;one&gt;</option><option value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;">Côte d&#39;Ivoire &amp; &lt;b&gt;</option>',
    );
    const select = document.createElement('select');
    select.innerHTML = markup;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Pick <one>'],
      ['"><script>x</script>', "Côte d'Ivoire & <b>"],
    ]);
  });
});
