// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CardFields } from '@/lib/payments/sandbox/cardFields';
import { SandboxCardFields } from './SandboxCardFields';
import { I18nProvider } from '@/components/shell/I18n';
import { pageWordsFixture } from '@/tests/fixtures/pageWords';

/** The card step's part: it keeps the fields in state, as CreditCardStep does. */
function Harness({ onChange }: { onChange?: (field: keyof CardFields, value: string) => void }) {
  const [card, setCard] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  return (
    <SandboxCardFields
      card={card}
      errors={{}}
      onChange={(field, value) => {
        onChange?.(field, value);
        setCard((current) => ({ ...current, [field]: value }));
      }}
      onBlur={() => undefined}
      register={() => () => undefined}
    />
  );
}

const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

/** What the browser does on one keystroke or paste: new text, the caret after it, one input event. */
function edit(input: HTMLInputElement, value: string, caret: number, inputType = 'insertText') {
  input.focus();
  setNativeValue.call(input, value);
  input.setSelectionRange(caret, caret);
  act(() => {
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType }));
  });
}
const typeAt = (input: HTMLInputElement, at: number, text: string) =>
  edit(input, input.value.slice(0, at) + text + input.value.slice(at), at + text.length);
const type = (input: HTMLInputElement, text: string) => {
  for (const character of text) typeAt(input, input.value.length, character);
};
const backspaceAt = (input: HTMLInputElement, at: number) =>
  edit(input, input.value.slice(0, at - 1) + input.value.slice(at), at - 1, 'deleteContentBackward');
const backspace = (input: HTMLInputElement) => backspaceAt(input, input.value.length);
const deleteAt = (input: HTMLInputElement, at: number) =>
  edit(input, input.value.slice(0, at) + input.value.slice(at + 1), at, 'deleteContentForward');
const paste = (input: HTMLInputElement, text: string) => edit(input, text, text.length, 'insertFromPaste');
/** The field's text with "|" at the caret. */
const shown = (input: HTMLInputElement) => `${input.value.slice(0, input.selectionStart!)}|${input.value.slice(input.selectionStart!)}`;

const fields = () => {
  render(<Harness />);
  return {
    number: screen.getByLabelText('Card number') as HTMLInputElement,
    expiry: screen.getByLabelText('Expiry') as HTMLInputElement,
    cvc: screen.getByLabelText('CVC') as HTMLInputElement,
  };
};

describe('SandboxCardFields', () => {
  it('asks for numbers with the autocomplete names browsers fill cards by', () => {
    const { number, expiry, cvc } = fields();
    expect([number, expiry, cvc].map((input) => [input.inputMode, input.autocomplete, input.required])).toEqual([
      ['numeric', 'cc-number', true],
      ['numeric', 'cc-exp', true],
      ['numeric', 'cc-csc', true],
    ]);
    expect(screen.getByTestId('sandbox-note').textContent).toContain('no real card is charged');
  });

  it('groups the card number in fours as it is typed, the caret at the end', () => {
    const { number } = fields();
    const seen: string[] = [];
    for (const character of '4242424242424242') {
      typeAt(number, number.value.length, character);
      seen.push(shown(number));
    }
    expect(seen.slice(3, 6)).toEqual(['4242|', '4242 4|', '4242 42|']);
    expect(shown(number)).toBe('4242 4242 4242 4242|');
  });

  it('groups American Express numbers 4-6-5', () => {
    const { number } = fields();
    type(number, '378282246310005');
    expect(number.value).toBe('3782 822463 10005');
  });

  it('backspaces at the end one digit at a time, spaces included', () => {
    const { number } = fields();
    type(number, '424242');
    backspace(number);
    expect(shown(number)).toBe('4242 4|');
    backspace(number);
    expect(shown(number)).toBe('4242|');
    backspace(number);
    expect(shown(number)).toBe('424|');
  });

  it('keeps the caret beside the digit typed or deleted in the middle', () => {
    const { number } = fields();
    type(number, '42424242');
    typeAt(number, 2, '1');
    expect(shown(number)).toBe('421|4 2424 2');
    typeAt(number, 4, '9');
    expect(shown(number)).toBe('4214 9|242 42');
    backspaceAt(number, 5); // right after the space: the digit before it goes
    expect(shown(number)).toBe('421|9 2424 2');
    deleteAt(number, 3); // forward delete
    expect(shown(number)).toBe('421|2 4242');
  });

  it('takes a pasted number with dashes or spaces', () => {
    const { number } = fields();
    paste(number, '4000-0027-6000-3184');
    expect(shown(number)).toBe('4000 0027 6000 3184|');
    paste(number, '4242 - 4242 - 4242 - 4242');
    expect(number.value).toBe('4242 4242 4242 4242');
  });

  it('writes the expiry as MM/YY while it is typed, and backspace takes it apart again', () => {
    const { expiry } = fields();
    type(expiry, '1');
    expect(shown(expiry)).toBe('1|');
    type(expiry, '2');
    expect(shown(expiry)).toBe('12/|');
    type(expiry, '34');
    expect(shown(expiry)).toBe('12/34|');
    type(expiry, '5');
    expect(shown(expiry)).toBe('12/34|');
    const back: string[] = [];
    while (expiry.value) {
      backspace(expiry);
      back.push(shown(expiry));
    }
    expect(back).toEqual(['12/3|', '12/|', '1|', '|']);
  });

  it.each([
    ['1234', '12/34|'],
    ['4', '04/|'],
    ['12/2034', '12/34|'],
    ['12 / 34', '12/34|'],
  ])('formats the expiry %j as %j', (text, expected) => {
    const { expiry } = fields();
    paste(expiry, text);
    expect(shown(expiry)).toBe(expected);
  });

  it('keeps digits only in the CVC', () => {
    const { cvc } = fields();
    type(cvc, '1a23');
    expect(cvc.value).toBe('123');
  });

  it('hands the card step the formatted text', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    paste(screen.getByLabelText('Card number') as HTMLInputElement, '4242424242424242');
    paste(screen.getByLabelText('Expiry') as HTMLInputElement, '1234');
    expect(onChange.mock.calls).toEqual([
      ['number', '4242 4242 4242 4242'],
      ['expiry', '12/34'],
    ]);
  });
});

describe('SandboxCardFields in German and French', () => {
  const fields = (locale: string) =>
    render(
      <I18nProvider page={pageWordsFixture(locale)}>
        <SandboxCardFields
          card={{ number: '4242', expiry: '', cvc: '12' }}
          errors={{
            number: { id: 'methods.card.error.numberInvalid' },
            cvc: { id: 'methods.card.error.cvcLength', values: { digits: 3 } },
          }}
          onChange={() => undefined}
          onBlur={() => undefined}
          register={() => () => undefined}
        />
      </I18nProvider>,
    );

  it('labels the fields and says their problems in German', () => {
    fields('de-DE');
    expect(screen.getByLabelText('Kartennummer')).toBeTruthy();
    expect(screen.getByLabelText('Gültig bis').getAttribute('placeholder')).toBe('MM/JJ');
    expect(screen.getByText('Diese Kartennummer ist ungültig. Bitte prüfen Sie sie.')).toBeTruthy();
    expect(screen.getByText('Die Prüfnummer hat 3 Ziffern.')).toBeTruthy();
    expect(screen.getByTestId('sandbox-note').textContent).toContain('Es wird keine echte Karte belastet');
  });

  it('and in French, with its no-break space before the colon', () => {
    fields('fr-FR');
    expect(screen.getByLabelText('Numéro de carte')).toBeTruthy();
    expect(screen.getByText('Le cryptogramme comporte 3 chiffres.')).toBeTruthy();
    expect(screen.getByTestId('sandbox-note').textContent).toContain('environnement de test\u00a0: aucune vraie carte n’est débitée');
  });
});
