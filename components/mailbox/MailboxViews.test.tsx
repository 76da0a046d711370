// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MailboxMail } from '@/lib/mail/mailboxView';
import { MailboxListPage, MailboxMailPage } from './MailboxPages';

const mail: MailboxMail = {
  id: 'mail_abcdefghijklmnopqrst',
  to: 'ada@example.com',
  subject: 'Continue with Vogue',
  kind: 'sign-in',
  status: 'sent',
  createdAt: '2026-11-21T12:00:01.000Z',
  sentAt: '2026-11-21T12:00:02.000Z',
  clockAt: null,
  text: 'Continue with Vogue by opening this link:\n\nhttp://localhost:3000/vogue/x/auth/complete?token=t',
  html: '<!DOCTYPE html><html><body><p>Hello <script>alert(1)</script></p></body></html>',
  link: 'http://localhost:3000/vogue/x/auth/complete?token=t',
  links: ['http://localhost:3000/vogue/x/auth/complete?token=t', 'http://localhost:3000/account'],
  attempts: 1,
  lastError: null,
  attachment: null,
};

describe('the mailbox pages', () => {
  it('list mails newest first, each opening its page, with a labelled filter by recipient', () => {
    render(
      <MailboxListPage
        kind="list"
        to={null}
        limit={100}
        mails={[mail, { ...mail, id: 'mail_bbbbbbbbbbbbbbbbbbbb', subject: 'Older', status: 'pending', kind: 'purchase-acknowledgment' }]}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeTruthy();
    const filter = screen.getByRole('search', { name: 'Filter by recipient' });
    expect(within(filter).getByLabelText('Recipient’s e-mail address').getAttribute('name')).toBe('to');
    const items = within(screen.getByRole('list', { name: 'Mails, newest first' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
      '/mailbox/mail_abcdefghijklmnopqrst',
      '/mailbox/mail_bbbbbbbbbbbbbbbbbbbb',
    ]);
    expect(items[0]!.textContent).toContain('To ada@example.com · 2026-11-21 12:00:01 UTC · Sign-in link · Sent');
    expect(items[1]!.textContent).toContain('Purchase acknowledgment · Waiting to be sent');
  });

  it('show a moved test clock’s date beside when a mail was written, in the list and on its page', () => {
    const moved = { ...mail, kind: 'renewal-receipt' as const, clockAt: '2027-11-21T12:00:00.000Z' };
    const { unmount } = render(<MailboxListPage kind="list" to={null} limit={100} mails={[moved]} />);
    expect(screen.getByRole('listitem').textContent).toContain('2026-11-21 12:00:01 UTC (test clock: 2027-11-21 12:00:00 UTC)');
    unmount();
    render(<MailboxMailPage kind="mail" mail={moved} />);
    expect(screen.getByText('On the test clock').nextElementSibling!.textContent).toContain('2027-11-21 12:00:00 UTC');
  });

  it('say when an address has no mail, and lead back to everyone’s', () => {
    render(<MailboxListPage kind="list" to="bob@example.com" limit={100} mails={[]} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Mail to bob@example.com' })).toBeTruthy();
    expect(screen.getByText('No mail to bob@example.com yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show mail to everyone' }).getAttribute('href')).toBe('/mailbox');
  });

  it('show one mail: its facts, its links as ordinary links with the main one marked, both parts, the HTML sandboxed', () => {
    render(<MailboxMailPage kind="mail" mail={mail} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Continue with Vogue' })).toBeTruthy();
    expect(screen.getByText('ada@example.com', { selector: 'dd' })).toBeTruthy();
    const main = screen.getByTestId('mail-link');
    expect(main.getAttribute('href')).toBe(mail.link);
    const links = within(screen.getByRole('region', { name: 'Links' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(mail.links);
    expect(within(screen.getByRole('region', { name: 'Text part' })).getByText(/Continue with Vogue by opening/).tagName).toBe('PRE');
    const frame = screen.getByTitle('HTML part of “Continue with Vogue”');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(mail.html);
    expect(screen.getByRole('link', { name: 'All mail to ada@example.com' }).getAttribute('href')).toBe('/mailbox?to=ada%40example.com');
  });

  it('say why a request was refused', () => {
    render(<MailboxListPage kind="refused" status={400} message={'"x" is not an e-mail address.'} />);
    expect(screen.getByRole('heading', { level: 1, name: 'This mailbox link is not quite right' })).toBeTruthy();
    expect(screen.getByText('"x" is not an e-mail address.')).toBeTruthy();
  });
});
