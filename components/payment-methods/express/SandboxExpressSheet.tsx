import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { EXPRESS_WALLET_LABELS, type ExpressWalletId } from '@/lib/payments/express/expressWallets';
import {
  contactIn,
  SANDBOX_WALLET_CARDS,
  SANDBOX_WALLET_CONTACTS,
  type WalletCard,
  type WalletContact,
} from '@/lib/payments/express/sandboxWallets';
import styles from './ExpressCheckout.module.css';

const CONTACT_FIELDS: readonly { field: keyof WalletContact; label: string; autoComplete: string }[] = [
  { field: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { field: 'email', label: 'E-mail', autoComplete: 'email' },
  { field: 'line1', label: 'Address', autoComplete: 'address-line1' },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
  { field: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
];

export interface SandboxExpressSheetProps {
  wallet: ExpressWalletId;
  /** What is paid today, formatted ("$25.00"). */
  today: string;
  /** The renewal terms, word for word as the payment step states them. */
  terms: readonly string[];
  /** Where the order is priced: the wallet's address is in that country (changing it would change the price). */
  countryName: string;
  /** That country's code: the stored contacts' postal codes take its shape. */
  country: string;
  /** The contact's problems as the billing form would see them (field → message). */
  errorsFor(contact: WalletContact): Partial<Record<keyof WalletContact, string>>;
  /** Pays with this contact and card; the sheet stays open, busy, until the step has an answer. */
  onPay(contact: WalletContact, card: WalletCard): void;
  onCancel(): void;
  paying: boolean;
}

/**
 * The sandbox's stand-in for an express wallet's payment sheet (Apple Pay, Google Pay,
 * Link): an in-page dialog, labelled as the sandbox, with the wallet's stored contact and
 * card (chosen from presets, editable) and what is paid today and on renewal. Paying
 * hands them to the payment step as the real wallet would; nothing here is a real wallet.
 */
export function SandboxExpressSheet({
  wallet,
  today,
  terms,
  countryName,
  country,
  errorsFor,
  onPay,
  onCancel,
  paying,
}: SandboxExpressSheetProps) {
  const name = EXPRESS_WALLET_LABELS[wallet];
  const id = useId();
  const contacts = SANDBOX_WALLET_CONTACTS[wallet].map((stored) => contactIn(stored, country));
  const [contact, setContact] = useState<WalletContact>(contacts[0]!);
  const [cardIndex, setCardIndex] = useState(0);
  const [tried, setTried] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const errors = errorsFor(contact);

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('select, input, button')?.focus();
  }, []);

  // A modal dialog: Escape cancels, and Tab stays inside it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !paying) {
      event.stopPropagation();
      onCancel();
      return;
    }
    // The sheet sits inside the payment step's form: Enter pays with the wallet, never submits the card form.
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      if (!paying) pay();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('select, input, button:not([disabled])')];
    const [first, last] = [focusable[0], focusable[focusable.length - 1]];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  function pay() {
    setTried(true);
    const firstError = CONTACT_FIELDS.find(({ field }) => errors[field]);
    if (firstError) {
      dialog.current?.querySelector<HTMLElement>(`[name="${firstError.field}"]`)?.focus();
      return;
    }
    onPay(contact, SANDBOX_WALLET_CARDS[cardIndex]!);
  }

  return (
    <div className={styles.backdrop}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-sandbox`}
        className={styles.sheet}
        data-wallet={wallet}
        data-testid="express-sheet"
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className={styles.sheetTitle}>
          {name}
        </h2>
        <p id={`${id}-sandbox`} className={styles.sandboxBadge}>
          Sandbox: no real {name} account or card is used.
        </p>
        <p className={styles.sheetTotal}>
          Pay today <strong data-testid="express-sheet-total">{today}</strong>
        </p>
        {terms.map((line) => (
          <p key={line} className={styles.sheetTerms}>
            {line}
          </p>
        ))}
        <label className={styles.sheetField}>
          <span>Card</span>
          <select name="card" value={cardIndex} onChange={(event) => setCardIndex(Number(event.target.value))} disabled={paying}>
            {SANDBOX_WALLET_CARDS.map((card, index) => (
              <option key={card.number} value={index}>
                {card.label}
              </option>
            ))}
          </select>
        </label>
        {contacts.length > 1 && (
          <label className={styles.sheetField}>
            <span>Contact</span>
            <select
              name="contact"
              onChange={(event) => setContact(contacts[Number(event.target.value)]!)}
              defaultValue={0}
              disabled={paying}
            >
              {contacts.map((preset, index) => (
                <option key={preset.email} value={index}>
                  {preset.firstName} {preset.lastName} ({preset.email})
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset className={styles.sheetContact} disabled={paying}>
          <legend>Contact and billing address ({countryName})</legend>
          {CONTACT_FIELDS.map(({ field, label, autoComplete }) => {
            const error = tried ? errors[field] : undefined;
            return (
              <div key={field} className={styles.sheetField}>
                <label htmlFor={`${id}-${field}`}>{label}</label>
                <input
                  id={`${id}-${field}`}
                  name={field}
                  autoComplete={autoComplete}
                  value={contact[field]}
                  onChange={(event) => setContact((current) => ({ ...current, [field]: event.target.value }))}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-${field}-error` : undefined}
                />
                {error && (
                  <span id={`${id}-${field}-error`} className={styles.sheetError}>
                    {error}
                  </span>
                )}
              </div>
            );
          })}
        </fieldset>
        <div className={styles.sheetActions}>
          <button type="button" onClick={onCancel} disabled={paying}>
            Cancel
          </button>
          <button type="button" className={styles.sheetPay} onClick={pay} disabled={paying} aria-busy={paying || undefined}>
            {paying ? 'Paying…' : `Pay ${today} with ${name}`}
          </button>
        </div>
      </div>
    </div>
  );
}
