import { describe, expect, it } from 'vitest';
import type { MailContent } from '@/lib/server/mail/MailMessage';
import { visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { addressChanged } from './addressChanged';
import { cancellationConfirmation } from './cancellationConfirmation';
import { cancelRequest } from './cancelRequest';
import { cardChanged } from './cardChanged';
import { cardNeeded } from './cardNeeded';
import { duplicatePurchase } from './duplicatePurchase';
import { endedByCare } from './endedByCare';
import { purchaseAcknowledgment } from './purchaseAcknowledgment';
import { refund } from './refund';
import { renewalEnded } from './renewalEnded';
import { renewalFailed } from './renewalFailed';
import { renewalNotice } from './renewalNotice';
import { renewalReceipt } from './renewalReceipt';
import { resumed } from './resumed';
import { withdrawalAcknowledgment } from './withdrawalAcknowledgment';
import { withdrawalConfirmation } from './withdrawalConfirmation';

const common = { brand: VOGUE, offerName: 'Vogue Digital' };
const accountUrl = 'https://subscribe.example.com/account';
const cancelUrl = 'https://subscribe.example.com/cancel';

/** Every mail about an order or a subscription, written in the given mode. */
const MAILS: readonly [string, (livemode: boolean) => MailContent][] = [
  [
    'purchase acknowledgment',
    (livemode) =>
      purchaseAcknowledgment({
        ...common,
        livemode,
        invoiceNumber: 'INV-2026-000123',
        invoiceAttached: true,
        amountPaid: '$4.99',
        renewalTerms: 'Renews monthly.',
        nextChargeDate: 'December 21, 2026',
        accountUrl,
        cancelUrl,
      }),
  ],
  [
    'duplicate purchase',
    (livemode) =>
      duplicatePurchase({
        ...common,
        earlierOfferName: 'Vogue Print',
        livemode,
        amountPaid: '$25.00',
        charged: true,
        purchasedOn: 'November 21, 2026',
        undoUrl: 'https://subscribe.example.com/undo-purchase?token=u_123',
        validDays: 14,
      }),
  ],
  [
    'renewal receipt',
    (livemode) =>
      renewalReceipt({
        ...common,
        livemode,
        invoiceNumber: 'INV-2026-000124',
        invoiceAttached: true,
        amountPaid: '$50.00',
        period: 'November 26, 2026 – November 26, 2027',
        nextChargeDate: 'November 26, 2027',
        recovered: false,
        accountUrl,
        cancelUrl,
      }),
  ],
  [
    'renewal notice',
    (livemode) =>
      renewalNotice({
        ...common,
        livemode,
        kind: 'renewal',
        previousAmount: null,
        renewsOn: 'November 26, 2026',
        amount: '$50.00',
        paymentMethod: 'Visa ending in 4242',
        introductoryEndsOn: null,
        renewalTerms: 'Renews yearly.',
        accountUrl,
        cancelUrl,
      }),
  ],
  [
    'card needed',
    (livemode) =>
      cardNeeded({
        ...common,
        livemode,
        renewsOn: 'November 26, 2026',
        amount: '$50.00',
        accessUntil: 'December 10, 2026',
        endsOn: 'December 10, 2026',
        cardUrl: `${accountUrl}/subscriptions/sub_aaaaaaaaaaaaaaaa/card`,
        accountUrl,
        cancelUrl,
      }),
  ],
  [
    'renewal failed',
    (livemode) =>
      renewalFailed({
        ...common,
        livemode,
        amount: '$50.00',
        reason: 'Your card has insufficient funds.',
        next: 'We will try again on November 27, 2026.',
        accessUntil: 'December 10, 2026',
        endsOn: 'December 10, 2026',
        fix: { text: 'Give another card:', label: 'Update your card', href: `${accountUrl}/subscriptions/sub_aaaaaaaaaaaaaaaa/card` },
        accountUrl,
      }),
  ],
  ['renewal ended', (livemode) => renewalEnded({ ...common, livemode, accountUrl })],
  [
    'refund',
    (livemode) =>
      refund({
        ...common,
        livemode,
        amount: '€12.50',
        full: false,
        refundedTo: 'Visa ending in 4242',
        creditNoteNumber: 'CN-2026-000007',
        creditNoteAttached: true,
        invoiceNumber: 'INV-2026-000042',
        date: 'November 27, 2026',
        accountUrl,
      }),
  ],
  [
    'withdrawal confirmation',
    (livemode) =>
      withdrawalConfirmation({
        ...common,
        livemode,
        receivedAt: 'November 27, 2026 at 09:14 UTC',
        invoiceNumber: 'INV-2026-000042',
        refundAmount: '€25.00',
        whole: true,
        refundedTo: 'Visa ending in 4242',
        accountUrl,
      }),
  ],
  [
    'withdrawal acknowledgment',
    (livemode) =>
      withdrawalAcknowledgment({
        ...common,
        livemode,
        receivedAt: 'November 27, 2026 at 09:14 UTC',
        invoiceNumber: 'INV-2026-000042',
        refundAmount: '€25.00',
        refundedTo: 'Visa ending in 4242',
        automaticAt: 'November 30, 2026 at 09:14 UTC',
        confirmUrl: 'https://subscribe.example.com/withdraw/answer?token=c',
        objectUrl: 'https://subscribe.example.com/withdraw/answer?token=o',
      }),
  ],
  [
    'cancellation confirmation',
    (livemode) => cancellationConfirmation({ ...common, livemode, accessEndsAt: 'December 1, 2026', accountUrl, resumeUrl: accountUrl }),
  ],
  [
    'cancel request',
    (livemode) => cancelRequest({ ...common, livemode, accessEndsAt: 'December 1, 2026', keepUrl: `${cancelUrl}/keep?token=k` }),
  ],
  ['resumed', (livemode) => resumed({ ...common, livemode, nextChargeDate: 'December 1, 2026', amount: '$50.00', accountUrl })],
  [
    'card changed',
    (livemode) =>
      cardChanged({
        ...common,
        livemode,
        card: 'Visa ending in 4444',
        nextCharge: { date: 'December 1, 2026', amount: '$50.00' },
        accountUrl,
      }),
  ],
  [
    'address changed',
    (livemode) => addressChanged({ ...common, livemode, addressLines: ['1 Main Street', 'London SW1A 1AA'], accountUrl }),
  ],
  ['ended by care', (livemode) => endedByCare({ ...common, livemode, endedAt: 'December 1, 2026', accountUrl })],
];

const TEST_SENTENCE = /This (is|was) a test (subscription|purchase|renewal|refund)/;

describe.each(MAILS)('the %s mail', (_kind, write) => {
  it('says test mode in its subject, its text and its HTML when it is about a test', () => {
    const mail = write(false);
    expect(mail.subject).toMatch(/^\[Test\] /);
    expect(mail.text).toMatch(TEST_SENTENCE);
    expect(visibleText(mail.html)).toMatch(TEST_SENTENCE);
  });

  it('says nothing of a test when it is live', () => {
    const mail = write(true);
    expect(mail.subject).not.toMatch(/\[Test\]/);
    expect(mail.text).not.toMatch(TEST_SENTENCE);
    expect(visibleText(mail.html)).not.toMatch(TEST_SENTENCE);
  });
});
