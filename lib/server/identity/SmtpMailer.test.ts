import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from './SmtpMailer';

let server: SMTPServer;
let port: number;
const received: { from: string; to: string[]; data: string }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SmtpMailer', () => {
  it('sends the sign-in mail through the SMTP server and logs only a masked address', async () => {
    const logs: string[] = [];
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Subscriptions <no-reply@example.com>', (line) =>
      logs.push(line),
    );
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Continue with Vogue',
      text: 'Open https://example.com/x?token=abc',
      link: 'https://example.com/x?token=abc',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@example.com', to: ['ada@example.com'] });
    expect(received[0]!.data).toContain('Subject: Continue with Vogue');
    expect(received[0]!.data).toContain('https://example.com/x?token=abc');
    expect(logs).toEqual(['[smtp] "Continue with Vogue" sent to a***@example.com']);
  });
});
