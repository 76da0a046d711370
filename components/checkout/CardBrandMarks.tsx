import type { ReactNode } from 'react';
import { useWords } from '@/components/shell/I18n';
import styles from './CheckoutForm.module.css';

/*
 * Our own small drawings of the card brands we take (no third-party artwork): a sign that a
 * buyer's card works here, read before the number is typed. The letters drawn in them are
 * the brands' wordmarks, artwork the same in every language (screen readers hear `name`).
 */
const WORDMARKS = { visa: 'VISA', amex: 'AMEX', discover: 'DISC' } as const;

const MARKS: readonly { id: string; name: string; drawing: ReactNode }[] = [
  {
    id: 'visa',
    name: 'Visa',
    drawing: (
      <>
        <rect width="32" height="20" rx="3" fill="#1a1f71" />
        <text x="16" y="14" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="9" fontStyle="italic" fontWeight="700" fill="#fff">
          {WORDMARKS.visa}
        </text>
      </>
    ),
  },
  {
    id: 'mastercard',
    name: 'Mastercard',
    drawing: (
      <>
        <rect width="32" height="20" rx="3" fill="#252525" />
        <circle cx="12.5" cy="10" r="6" fill="#eb001b" />
        <circle cx="19.5" cy="10" r="6" fill="#f79e1b" />
        <path d="M16 5.2a6 6 0 0 1 0 9.6 6 6 0 0 1 0-9.6z" fill="#ff5f00" />
      </>
    ),
  },
  {
    id: 'amex',
    name: 'American Express',
    drawing: (
      <>
        <rect width="32" height="20" rx="3" fill="#2e77bc" />
        <text x="16" y="13.5" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="7.5" fontWeight="700" fill="#fff">
          {WORDMARKS.amex}
        </text>
      </>
    ),
  },
  {
    id: 'discover',
    name: 'Discover',
    drawing: (
      <>
        <rect x="0.5" y="0.5" width="31" height="19" rx="2.5" fill="#fff" stroke="#767676" />
        <path d="M14 19.5 31.5 8v9a2.5 2.5 0 0 1-2.5 2.5z" fill="#f48120" />
        <text x="3" y="11.5" fontFamily="Arial, sans-serif" fontSize="6" fontWeight="700" fill="#231f20">
          {WORDMARKS.discover}
        </text>
        <circle cx="21" cy="9.5" r="2.4" fill="#f48120" />
      </>
    ),
  },
];

/**
 * The card brands we take, beside the card field. While the number is typed, the brand it
 * belongs to stands out and the others fade (`detected`, as the sandbox reads the number).
 */
export function CardBrandMarks({ detected = null }: { detected?: string | null }) {
  const { t } = useWords();
  const known = MARKS.some((mark) => mark.id === detected);
  return (
    <ul className={styles.brands} aria-label={t('payment.cards.accepted')} data-testid="card-brands">
      {MARKS.map((mark) => (
        <li
          key={mark.id}
          data-brand={mark.id}
          aria-current={detected === mark.id ? 'true' : undefined}
          className={known && detected !== mark.id ? styles.brandFaded : undefined}
        >
          <svg role="img" aria-label={mark.name} viewBox="0 0 32 20" width="32" height="20" focusable="false">
            {mark.drawing}
          </svg>
        </li>
      ))}
    </ul>
  );
}
