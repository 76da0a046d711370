// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DelayedLoader, Loader } from './Loader';
import { LOADER_TYPES, type LoaderType } from './loaderTypes';

afterEach(() => {
  vi.useRealTimers();
});

describe('Loader', () => {
  it.each(LOADER_TYPES)('renders the %s loader as a polite status', (type) => {
    render(<Loader type={type} label={`waiting for ${type}`} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('data-loader')).toBe(type);
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain(`waiting for ${type}`);
  });

  it('gives the submission loader its variant and size', () => {
    const { container } = render(<Loader type="submission-processing" variant="dark" size="large" />);
    const spinner = container.querySelector('[aria-hidden="true"]');
    expect(spinner?.className).toContain('dark');
    expect(spinner?.className).toContain('large');
  });

  it('throws for an unknown type, listing the valid ones', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Loader type={'spinner' as LoaderType} />)).toThrow(
      'Invalid Loader Type. Must be one of general-processing, submission-processing, form-loading',
    );
  });
});

describe('DelayedLoader', () => {
  it('shows nothing before 200 ms and the loader after', () => {
    vi.useFakeTimers();
    render(<DelayedLoader type="form-loading" />);
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('honours a custom delay', () => {
    vi.useFakeTimers();
    render(<DelayedLoader type="general-processing" delayMs={1000} />);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
