// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormActions } from './FormActions';

describe('FormActions', () => {
  it('submits its form, with the way out beside it, and says nothing while nothing failed', () => {
    const submit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <FormActions error={null} label="Save card" busyLabel="Saving…" sending={false} secondary={{ href: '/account', label: 'Back' }} />
      </form>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    const button = screen.getByRole('button', { name: 'Save card' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.getAttribute('aria-busy')).toBe('false');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/account');
    fireEvent.click(button);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('reads out what failed, and is busy and disabled while it works', () => {
    render(<FormActions error="It failed." errorTestId="card-error" label="Cancel now" busyLabel="Sending…" sending tone="danger" />);
    expect(screen.getByRole('alert').textContent).toBe('It failed.');
    expect(screen.getByTestId('card-error')).toBe(screen.getByRole('alert'));
    const button = screen.getByRole('button', { name: /Cancel now/ });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Sending…')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is a plain button that submits nothing when it has its own action', () => {
    const keep = vi.fn();
    render(<FormActions error={null} label="Keep my subscription" busyLabel="Keeping…" sending={false} onClick={keep} />);
    const button = screen.getByRole('button', { name: 'Keep my subscription' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(keep).toHaveBeenCalledTimes(1);
  });
});
