import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpTransport } from './SmtpTransport';

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

describe('SmtpTransport', () => {
  it('sends both parts from MAIL_FROM through the SMTP server and logs only a masked address', async () => {
    const logs: string[] = [];
    const transport = new SmtpTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Subscriptions <no-reply@example.com>', (line) =>
      logs.push(line),
    );
    await transport.send({
      id: 'mail_1',
      to: 'ada@example.com',
      subject: 'Continue with Vogue',
      text: 'Open https://example.com/x?token=abc',
      html: '<p>Open <a href="https://example.com/x?token=abc">the link</a></p>',
      link: 'https://example.com/x?token=abc',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@example.com', to: ['ada@example.com'] });
    const data = received[0]!.data;
    expect(data).toContain('Subject: Continue with Vogue');
    expect(data).toMatch(/Content-Type: multipart\/alternative/);
    expect(data).toMatch(/Content-Type: text\/plain/);
    expect(data).toMatch(/Content-Type: text\/html/);
    // Longer parts may go quoted-printable: soft line breaks and "=3D" read back as they were.
    const decoded = data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(decoded).toContain('Open https://example.com/x?token=abc');
    expect(decoded).toContain('<a href="https://example.com/x?token=abc">the link</a>');
    expect(logs).toEqual(['[smtp] "Continue with Vogue" sent to a***@example.com']);
  });

  it('fails the send when the server refuses the mail, for the worker to try again', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const refusingPort = (refusing.server.address() as AddressInfo).port;
      const transport = new SmtpTransport(`smtp://127.0.0.1:${refusingPort}?ignoreTLS=true`, 'no-reply@example.com', () => undefined);
      await expect(
        transport.send({ id: 'mail_2', to: 'ada@example.com', subject: 'S', text: 'T', html: '<p>T</p>', link: null }),
      ).rejects.toThrow(/Mailbox unavailable/);
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
