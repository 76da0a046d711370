// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { DocumentTitle, TitleCollector } from './DocumentTitle';

describe('DocumentTitle', () => {
  it('hands the title to the server render that collects it, the last one rendered winning', () => {
    const collected: string[] = [];
    renderToString(
      <TitleCollector.Provider value={(title) => collected.push(title)}>
        <DocumentTitle title="Outer" />
        <DocumentTitle title="Your cart | Vogue" />
      </TitleCollector.Provider>,
    );
    expect(collected.at(-1)).toBe('Your cart | Vogue');
  });

  it('sets the document title in the browser, and again when the page changes', () => {
    const { rerender } = render(<DocumentTitle title="Subscribe to Vogue | Vogue" />);
    expect(document.title).toBe('Subscribe to Vogue | Vogue');
    rerender(<DocumentTitle title="Your cart | Vogue" />);
    expect(document.title).toBe('Your cart | Vogue');
  });
});
