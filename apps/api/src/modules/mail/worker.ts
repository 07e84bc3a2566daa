/**
 * Sends the outbox through SMTP. Each message is tried until it is sent, with growing pauses between
 * tries; after the last one it is marked failed and stays readable by administrators.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { mailRepository } from './repository';
import { withoutParameters } from '../../lib/constraints';

/** Pause before try n+1 after n failed tries: 1 min, 5 min, 30 min, 2 h, then give up. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];

export interface MailWorker {
  /** Sends every due message once; returns how many were sent. Used by the timer and by tests. */
  flush(now?: Date): Promise<number>;
  /**
   * Stops the timer and waits for the message being sent, so the database outlives its "sent" mark; the
   * messages of the batch not yet tried are handed back to the outbox, due at once.
   */
  stop(): Promise<void>;
}

export function startMailWorker(opts: {
  db: Database;
  smtpUrl: string;
  from: string;
  pollMs: number;
  log: FastifyBaseLogger;
}): MailWorker {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  let running: Promise<number> | undefined;
  let stopping = false;

  async function sendDue(now: Date): Promise<number> {
    let sent = 0;
    const claimed = await mailRepository.claimDue(opts.db, now, 50, 10 * 60_000);
    for (const [index, email] of claimed.entries()) {
      if (stopping) {
        // Stopping: the message in hand was finished; the rest of the batch is handed back at once,
        // rather than at the end of its lease (10 min), so the next instance or start sends it.
        await mailRepository.releaseClaims(
          opts.db,
          claimed.slice(index).map((e) => e.id),
          now,
        );
        break;
      }
      try {
        // Cancelled since it was claimed (a document's distribution stopped midway): not sent.
        if (!(await mailRepository.isPending(opts.db, email.id))) continue;
        await transport.sendMail({
          from: opts.from,
          to: email.destinataire,
          subject: email.sujet,
          text: email.texte,
          attachments: await mailRepository.attachmentsOf(opts.db, email.id),
          headers: email.entetes ?? undefined,
        });
        // The real time, not the pass's `now`: "sent" records when the SMTP server accepted the
        // message, which a slow server makes later than the pass's start. The worker runs on a timer,
        // outside any request context and its clock; tests steer it through `flush(now)`.
        await mailRepository.markSent(opts.db, email.id, new Date());
        sent++;
      } catch (error) {
        const attempts = email.tentatives + 1;
        const delay = RETRY_DELAYS_MS[attempts - 1];
        const retryAt = delay === undefined ? null : new Date(now.getTime() + delay);
        opts.log.warn({ emailId: email.id, attempts, err: error }, 'e-mail not sent');
        await mailRepository.markAttemptFailed(
          opts.db,
          email.id,
          attempts,
          String((error as Error).message),
          retryAt,
        );
      }
    }
    return sent;
  }

  // One pass at a time: a slow SMTP server must not make two passes send the same message.
  const flush = (now = new Date()) => (running ??= sendDue(now).finally(() => (running = undefined)));
  const timer = setInterval(() => {
    flush().catch((err: unknown) =>
      opts.log.error({ err: withoutParameters(err) }, 'mail worker pass failed'),
    );
  }, opts.pollMs);
  timer.unref();
  return {
    flush,
    stop: async () => {
      stopping = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}
