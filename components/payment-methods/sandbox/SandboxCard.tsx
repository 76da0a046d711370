import { useImperativeHandle, useRef, useState } from 'react';
import type { PaymentMethodViewProps } from '@/components/payment-methods/types';
import { validateCardFields, type CardFields } from '@/lib/payments/sandbox/cardFields';
import { SandboxCardFields, type CardField } from './SandboxCardFields';
import { useWords } from '@/components/shell/I18n';

const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '' };
const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc'];
/** The sandbox's card fields: their own values and checks; card data never leaves this view but in the submit. */
export function SandboxCard({ handleRef, showErrors }: PaymentMethodViewProps<'card'>) {
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [touched, setTouched] = useState<Set<CardField>>(new Set());
  const elements = useRef(new Map<CardField, HTMLInputElement | null>());
  const errors = validateCardFields(card, new Date());
  const { t } = useWords();
  useImperativeHandle(handleRef, () => ({
    firstInvalidField: () => {
      const field = CARD_FIELDS.find((name) => errors[name]);
      return field ? (elements.current.get(field) ?? null) : null;
    },
    prepare: async () => ({ payment: { kind: 'sandbox-card', ...card } }),
    // The sandbox's bank is a page of its own (a redirect), never an in-page check.
    handleAction: async () => ({ error: t('methods.bank.noInPageCheck') }),
  }));
  return (
    <SandboxCardFields
      card={card}
      errors={Object.fromEntries(Object.entries(errors).filter(([field]) => showErrors || touched.has(field as CardField)))}
      onChange={(field, value) => setCard((current) => ({ ...current, [field]: value }))}
      onBlur={(field) => setTouched((current) => new Set(current).add(field))}
      register={(field) => (element) => {
        elements.current.set(field, element);
      }}
    />
  );
}
