/**
 * The top-ups waiting for the treasurer (issue 21): their count on the portal, the daily e-mail that lists
 * them to those who may validate them, and the expiry of the abandoned ones (left « en cours de paiement »
 * for more than a day). The daily e-mail goes once a day across instances (a claim row per day in
 * `top_up_digest_runs`, as the accounting's reminders do); the expiry is one UPDATE, safe to repeat.
 */
import { PAGES, TopUpState, euros, type TopUpWaiting } from '@union/contract';
import type { DbHandle } from '../../../db/client';
import { authorize } from '../../../lib/authorize';
import type { Clock, RequestContext } from '../../../lib/context';
import { audit } from '../../audit/audit';
import { parisInstant, parisNow } from '../../../lib/dates';
import { mailRepository, type NewEmail } from '../../mail/repository';
import { activeAccountRepository } from '../../users/active-account-repository';
import { mayTopUp } from '../policy';
import { cardsRepository } from './repository';

/** A top-up not paid within a day is abandoned: the provider's own page expires well before. */
export const TOP_UP_EXPIRY_MS = 24 * 3600_000;
/** The e-mail lists this many; the rest is counted. */
const DIGEST_LIST_LIMIT = 50;

export const waitingService = {
  /** GET /api/payment/en-attente: the count, to those who may validate (COMPTA_SAISIE) only. */
  async count(ctx: RequestContext): Promise<TopUpWaiting> {
    authorize(mayTopUp(ctx, 'VALIDATE', null));
    return { nombre: await cardsRepository.countWaiting(ctx.db) };
  },
};

/** Expires the top-ups left « en cours de paiement » for more than a day; answers how many. */
export async function expireAbandonedTopUps(db: DbHandle['db'], clock: Clock): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const expired = await cardsRepository.expireAbandoned(
      tx,
      new Date(now.getTime() - TOP_UP_EXPIRY_MS),
      now,
    );
    for (const p of expired)
      await audit.recordSystem(tx, now, {
        action: 'top_up_expired',
        recordType: 'user_payment',
        recordId: p.id,
        details: { de: 'C', vers: 'E', montant: p.montant },
      });
    return expired.length;
  });
}

/**
 * The validators' daily list. No List-Unsubscribe: it follows the habilitation, not a preference, so a
 * one-click unsubscribe could not be honoured (docs/decisions/mail.md); the footer says how it stops.
 */
export function digestEmail(
  to: string,
  rows: { id: number; date: Date; montant: number; etat: 'P' | 'R'; nom: string; prenom: string }[],
  total: number,
  publicUrl: string,
): NewEmail {
  const day = (at: Date) => parisNow(at).day.split('-').reverse().join('/');
  const lines = rows.map(
    (r) =>
      `- n° ${r.id} du ${day(r.date)} : ${r.prenom} ${r.nom}, ${euros(r.montant)} (${TopUpState.labels[r.etat].toLowerCase()})`,
  );
  const more = total > rows.length ? `\n… et ${total - rows.length} autres.` : '';
  const plural = total > 1 ? 's' : '';
  return {
    destinataire: to,
    sujet: `${total} rechargement${plural} de carte à valider`,
    texte:
      `Bonjour,\n\n${total} rechargement${plural} de carte Union payé${plural} en ligne ` +
      `attend${total > 1 ? 'ent' : ''} votre validation :\n\n${lines.join('\n')}${more}\n\n` +
      `Pour les valider : ${publicUrl}${PAGES.topUps}\n\n` +
      "--\nIntranet de l'Union\nVous recevez ce message parce que vous pouvez valider les rechargements " +
      '(habilitation COMPTA_SAISIE). Il part chaque jour où un rechargement attend, tant que vous avez ' +
      'cette habilitation : un administrateur peut vous la retirer.',
  };
}

/**
 * The daily e-mail, once a day across instances, from `time` (Paris): nothing when no top-up waits
 * (the day is still claimed, so a top-up paid later that day waits for tomorrow's e-mail, and the
 * portal's count shows it meanwhile). Answers what was sent, or undefined when not run.
 */
export async function runTopUpDigest(
  db: DbHandle['db'],
  clock: Clock,
  options: { time: string; publicUrl: string },
): Promise<{ enAttente: number; destinataires: number } | undefined> {
  const now = clock.now();
  const today = clock.today();
  if (now < parisInstant(today, options.time)) return undefined;
  return db.transaction(async (tx) => {
    if (!(await cardsRepository.claimDigest(tx, today, now))) return undefined;
    const total = await cardsRepository.countWaiting(tx);
    const emails = total > 0 ? await activeAccountRepository.activeEmailsWith(tx, 'COMPTA_SAISIE') : [];
    if (emails.length > 0) {
      const rows = (await cardsRepository.waiting(tx, DIGEST_LIST_LIMIT)).map((r) => ({
        id: r.payment.id,
        date: r.payment.createdAt,
        montant: r.payment.montant,
        etat: r.payment.etat as 'P' | 'R',
        nom: r.nom,
        prenom: r.prenom,
      }));
      await mailRepository.enqueueMany(
        tx,
        emails.map((to) => digestEmail(to, rows, total, options.publicUrl)),
        now,
      );
    }
    await cardsRepository.finishDigest(tx, today, now, total, emails.length);
    return { enAttente: total, destinataires: emails.length };
  });
}
