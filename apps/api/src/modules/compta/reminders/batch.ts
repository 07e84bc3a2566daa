/**
 * The « Relances » screen (issue 20): the overdue invoices with the level each is due for (settings'
 * delays, due.ts), a preview of a selection, and sending it in one action; and the daily run that does
 * the same by itself when the settings ask for it.
 *
 * Partial failure, written down: each invoice of a batch is sent in its own transaction (its row locked,
 * its level judged again under the lock, its letter, e-mail, level and audit entry written together). An
 * invoice that can no longer be reminded (paid, reminded by someone else meanwhile, no billing e-mail) is
 * reported in `ignorees` with the reason and changes nothing; the others are sent. A crash (not a refusal)
 * stops the batch: what was sent before stays sent, and the report is not returned.
 */
import {
  OrderSearchSchema,
  type OverdueInvoice,
  type OverdueList,
  type ReminderBatchReport,
} from '@union/contract';
import type { DbHandle, Executor } from '../../../db/client';
import { authorize } from '../../../lib/authorize';
import { inTransaction, systemClock, type Clock, type RequestContext } from '../../../lib/context';
import { AppError, refused } from '../../../lib/errors';
import { decide } from '../../../lib/policy';
import { audit } from '../../audit/audit';
import { entityRepository } from '../../entities/entity-repository';
import { unionSettings } from '../../settings/service';
import { fileName, render } from '../documents/service';
import { orderMachine } from '../machine';
import { RECORD_TYPE, orderNotFound } from '../order-records/record';
import { dueOf, may } from '../policy';
import { orderRecords, type OrderRow } from '../order-records/repository';
import { dueLevel, lateDays } from './due';
import { remindersRepository } from './repository';
import { sendReminder } from './service';

/** More overdue invoices than this is a backlog the screen would not show usefully anyway. */
const LIST_LIMIT = 2000;

/** The overdue invoices (issued, unpaid, past their due date), oldest due first, each judged by due.ts. */
async function overdueInvoices(db: Executor, today: string): Promise<OverdueInvoice[]> {
  const delais = (await unionSettings(db)).relances;
  const criteria = OrderSearchSchema.parse({ enRetard: true, tri: 'dateEcheance', sens: 'asc' });
  const rows = (await orderRecords.searchAll(db, criteria, today, LIST_LIMIT)).filter(
    (r) => dueOf(r.order) > 0,
  );
  const letters = await remindersRepository.ofOrders(
    db,
    rows.map((r) => r.order.id),
  );
  const emails = new Map<number, string | null>();
  for (const r of rows)
    if (!emails.has(r.entite.id))
      emails.set(r.entite.id, (await entityRepository.find(db, r.entite.id))?.emailFacturation ?? null);
  return rows.map((r) => {
    const o = r.order;
    const own = letters.filter((l) => l.orderId === o.id);
    const reste = dueOf(o);
    const derniereRelance = own.at(-1)?.date ?? null;
    const due = dueLevel(
      {
        dateEcheance: o.dateEcheance!,
        niveauEnvoye: o.niveauRelance,
        derniereRelance,
        reste,
        email: emails.get(r.entite.id) ?? null,
      },
      delais,
      today,
    );
    return {
      id: o.id,
      entite: { id: r.entite.id, nom: r.entite.nom },
      numeroFacture: o.numeroFacture!,
      objet: o.objet,
      dateFacture: o.dateFacture!,
      dateEcheance: o.dateEcheance!,
      total: o.total,
      reste,
      joursRetard: lateDays(o.dateEcheance!, today),
      niveauEnvoye: o.niveauRelance,
      derniereRelance,
      ...due,
      lettres: own.map((l, i) => ({ rang: i + 1, niveau: l.niveau, date: l.date })),
    };
  });
}

/** What a batch would send: the chosen invoices that are due, and why the others are not. */
function plan(list: readonly OverdueInvoice[], ids: readonly number[]): ReminderBatchReport {
  const report: ReminderBatchReport = { envoyees: [], ignorees: [] };
  const byId = new Map(list.map((l) => [l.id, l]));
  for (const id of new Set(ids)) {
    const line = byId.get(id);
    if (!line) {
      report.ignorees.push({
        id,
        entite: '',
        numeroFacture: '',
        raison: 'cette facture n’est pas (ou plus) en retard de paiement',
      });
      continue;
    }
    if (line.aEnvoyer && line.prochainNiveau)
      report.envoyees.push({
        id,
        entite: line.entite.nom,
        numeroFacture: line.numeroFacture,
        niveau: line.prochainNiveau,
        reste: line.reste,
      });
    else
      report.ignorees.push({
        id,
        entite: line.entite.nom,
        numeroFacture: line.numeroFacture,
        raison: line.raison ?? 'rien à envoyer',
      });
  }
  return report;
}

/** Sends one invoice's due letter in its own transaction; answers the level sent or the refusal. */
async function sendOne(
  ctx: RequestContext,
  id: number,
  sentById: number | null,
): Promise<{ niveau: number; reste: number } | { raison: string }> {
  try {
    return await inTransaction(ctx, async (tx) => {
      const order: OrderRow | undefined = await orderRecords.lock(tx.db, id);
      if (!order) throw orderNotFound();
      decide(
        orderMachine,
        order.etat,
        'RELANCE_FACTURE',
        sentById === null || may(tx, 'RELANCE_FACTURE', { etat: order.etat, hasQuote: !!order.numeroDevis }),
      );
      // Judged again under the lock: a payment or a letter of someone else since the preview counts.
      const line = (await overdueInvoices(tx.db, tx.clock.today())).find((l) => l.id === id);
      if (!line) throw refused('not_overdue', 'cette facture n’est plus en retard de paiement');
      if (!line.aEnvoyer || !line.prochainNiveau)
        throw refused('not_overdue', line.raison ?? 'rien à envoyer');
      const { niveau } = await sendReminder(tx, order, line.prochainNiveau, sentById);
      const details = { action: 'RELANCE_FACTURE', niveau, groupe: true };
      if (sentById === null)
        await audit.recordSystem(tx.db, tx.clock.now(), {
          action: 'accounting_order_changed',
          recordType: RECORD_TYPE,
          recordId: order.id,
          details: { ...details, automatique: true },
        });
      else
        await audit.record(tx, {
          action: 'accounting_order_changed',
          recordType: RECORD_TYPE,
          recordId: order.id,
          details,
        });
      return { niveau, reste: line.reste };
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 412) return { raison: error.message };
    if (error instanceof AppError && error.status === 404) return { raison: error.message };
    throw error;
  }
}

async function sendBatch(
  ctx: RequestContext,
  ids: readonly number[],
  sentById: number | null,
): Promise<ReminderBatchReport> {
  const planned = plan(await overdueInvoices(ctx.db, ctx.clock.today()), ids);
  const report: ReminderBatchReport = { envoyees: [], ignorees: [...planned.ignorees] };
  for (const line of planned.envoyees) {
    const sent = await sendOne(ctx, line.id, sentById);
    if ('raison' in sent)
      report.ignorees.push({
        id: line.id,
        entite: line.entite,
        numeroFacture: line.numeroFacture,
        raison: sent.raison,
      });
    else report.envoyees.push({ ...line, niveau: sent.niveau, reste: sent.reste });
  }
  return report;
}

export const remindersService = {
  async overdue(ctx: RequestContext): Promise<OverdueList> {
    authorize(may(ctx, 'READ', null));
    const delais = (await unionSettings(ctx.db)).relances;
    return { delais, lignes: await overdueInvoices(ctx.db, ctx.clock.today()) };
  },

  /** The preview of a batch: changes nothing. */
  async preview(ctx: RequestContext, ids: readonly number[]): Promise<ReminderBatchReport> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return plan(await overdueInvoices(ctx.db, ctx.clock.today()), ids);
  },

  async send(ctx: RequestContext, ids: readonly number[]): Promise<ReminderBatchReport> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return sendBatch(ctx, ids, ctx.caller.id);
  },

  /** The `rang`-th letter of an invoice (from 1) as it was sent: its level, day and what remained due. */
  async letter(ctx: RequestContext, id: number, rang: number): Promise<{ nom: string; contenu: Buffer }> {
    authorize(may(ctx, 'READ', null));
    const row = await orderRecords.find(ctx.db, id);
    if (!row) throw orderNotFound();
    const letter = (await remindersRepository.reminders(ctx.db, id))[rang - 1];
    if (!letter)
      throw refused(
        'no_reminder',
        `Cette facture n'a pas de ${rang}e relance : voyez la liste de ses relances.`,
      );
    return {
      nom: fileName('relance', row.order, letter.niveau).replace(/\.pdf$/, `-${letter.date}.pdf`),
      contenu: await render(ctx.db, row.order, 'relance', {
        niveau: letter.niveau,
        date: letter.date,
        reste: letter.reste,
      }),
    };
  },
};

/** A context for the daily run: no caller (sentById null, audit entries without actor). */
const systemContext = (db: DbHandle['db'], clock: Clock): RequestContext => ({
  db,
  caller: { id: 0, habilitations: [] },
  clock,
  publicUrl: '',
});

/**
 * The daily run (issue 20): when the settings ask for it, the first instance to claim today's row in
 * `reminder_runs` sends every due reminder; the others (and later ticks of the same day) find the row and
 * skip. Answers the report, or undefined when off or already run today.
 */
export async function runDailyReminders(
  db: DbHandle['db'],
  clock: Clock = systemClock,
): Promise<ReminderBatchReport | undefined> {
  if (!(await unionSettings(db)).relances.automatique) return undefined;
  const today = clock.today();
  if (!(await remindersRepository.claimRun(db, today, clock.now()))) return undefined;
  const ctx = systemContext(db, clock);
  const due = (await overdueInvoices(db, today)).filter((l) => l.aEnvoyer).map((l) => l.id);
  const report = await sendBatch(ctx, due, null);
  await remindersRepository.finishRun(db, today, clock.now(), report.envoyees.length, report.ignorees.length);
  return report;
}
