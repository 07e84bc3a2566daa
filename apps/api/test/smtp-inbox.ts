/**
 * A real SMTP server on 127.0.0.1 for the tests of what the outbox sends: every message it receives,
 * with its recipients and its raw text, in order. A test may slow its answers (`delayMs`), have it refuse
 * every message (`refuse`), or wait for the next message to be in its hands (`nextMessage`).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  raw: string;
}

export interface Inbox {
  /** SMTP_URL for the app under test. */
  url: string;
  received: Received[];
  /** How long the server keeps a message before answering it (and counting it received). */
  delayMs: number;
  /** Every message refused with a temporary error, « boîte pleine ». */
  refuse: boolean;
  /** Resolves when the next message has been read, before it is answered. */
  nextMessage(): Promise<void>;
  close(): Promise<void>;
}

export async function smtpInbox(): Promise<Inbox> {
  let messageInHand: (() => void) | undefined;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (inbox.refuse) return callback(new Error('boîte pleine'));
        messageInHand?.();
        const keep = () => {
          inbox.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        };
        if (inbox.delayMs > 0) setTimeout(keep, inbox.delayMs);
        else keep();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const inbox: Inbox = {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received: [],
    delayMs: 0,
    refuse: false,
    nextMessage: () => new Promise<void>((resolve) => (messageInHand = resolve)),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
  return inbox;
}
