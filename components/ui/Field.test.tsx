// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Field, SelectField } from './Field';

const COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
];
const REGIONS: Record<string, { value: string; label: string }[]> = {
  US: [{ value: 'NY', label: 'New York' }],
  CA: [{ value: 'QC', label: 'Quebec' }],
};

function Country({ initial, late = false }: { initial: string; late?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <SelectField
      id="country"
      label="Country"
      value={value}
      options={COUNTRIES}
      placeholder="Choose your country"
      onChange={setValue}
      optionsAfterHydration={late}
    />
  );
}

const texts = (select: HTMLSelectElement) => [...select.options].map((option) => option.text);

describe('SelectField', () => {
  it('shows the chosen option in the server page and keeps it through hydration', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Country initial="CA" />);
    document.body.append(container);
    const select = container.querySelector('select')!;
    expect(select.value).toBe('CA');
    const errors = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Country initial="CA" />, { onRecoverableError: errors });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(select.value).toBe('CA');
    fireEvent.change(select, { target: { value: 'US' } });
    expect(select.value).toBe('US');
    container.remove();
  });

  it('writes only the chosen option in the server page when the rest may follow hydration', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Country initial="CA" late />);
    document.body.append(container);
    const select = container.querySelector('select')!;
    expect(texts(select)).toEqual(['Choose your country', 'Canada']);
    expect(select.value).toBe('CA');
    const errors = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Country initial="CA" late />, { onRecoverableError: errors });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(texts(select)).toEqual(['Choose your country', 'United States', 'Canada']);
    expect(select.value).toBe('CA');
    fireEvent.change(select, { target: { value: 'US' } });
    expect(select.value).toBe('US');
    container.remove();
  });

  it('shows every option once mounted in the browser (a page rendered there, after a client-side move)', () => {
    render(<Country initial="" late />);
    const select = screen.getByLabelText<HTMLSelectElement>('Country');
    expect(texts(select)).toEqual(['Choose your country', 'United States', 'Canada']);
    expect(select.value).toBe('');
  });

  it('follows its value, and keeps it when its options change', () => {
    function Region() {
      const [country, setCountry] = useState('US');
      const [region, setRegion] = useState('');
      return (
        <>
          <button onClick={() => setCountry('CA')}>Canada</button>
          <SelectField id="region" label="State" value={region} options={REGIONS[country]!} placeholder="Choose" onChange={setRegion} />
        </>
      );
    }
    render(<Region />);
    const select = screen.getByLabelText<HTMLSelectElement>('State');
    expect(select.value).toBe('');
    expect([...select.options].map((o) => o.text)).toEqual(['Choose', 'New York']);
    fireEvent.change(select, { target: { value: 'NY' } });
    expect(select.value).toBe('NY');
    fireEvent.click(screen.getByRole('button', { name: 'Canada' }));
    // The state the component holds (NY) is not among Canada's options: nothing is shown chosen but the placeholder.
    expect([...select.options].map((o) => o.text)).toEqual(['Choose', 'Quebec']);
    expect(select.value).toBe('');
  });
});

describe('Field', () => {
  function Email({ onValue }: { onValue: (value: string) => void }) {
    const [value, setValue] = useState('');
    return (
      <Field
        id="email"
        label="Email"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          onValue(event.target.value);
        }}
      />
    );
  }

  it('hands the form what was typed before the page hydrated, and nothing when nothing was', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Email onValue={() => {}} />);
    document.body.append(container);
    container.querySelector('input')!.value = 'ada@example.com';
    const seen = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Email onValue={seen} />);
    });
    expect(seen).toHaveBeenCalledWith('ada@example.com');
    expect(container.querySelector('input')!.value).toBe('ada@example.com');
    container.remove();

    const untouched = vi.fn();
    render(<Email onValue={untouched} />);
    expect(untouched).not.toHaveBeenCalled();
  });
});
