/**
 * Demo accounts of the Union: last year's fees settled, a rental invoice issued six weeks ago and still
 * unpaid (so the overdue list and the reminders have something to show), and a quote waiting. Goes
 * through the accounting service with a clock set in the past, so the demo obeys the same rules (numbers,
 * dates, history) as real data.
 */
import type { Habilitation } from '@union/contract';
import { eq } from 'drizzle-orm';
import { fixedClock, type RequestContext } from '../lib/context';
import { parisDay } from '../lib/dates';
import { addDays, masonicYearOf } from '@union/contract';
import { applyInvoiceNotification } from '../modules/compta/accounts/online';
import { accountsRepository } from '../modules/compta/accounts/repository';
import { ordersService } from '../modules/compta/orders/service';
import { newTransaction } from '../modules/payment-provider/transactions';
import type { Database } from '../db/client';
import { entities, users } from '../db/schema';

export async function seedCompta(db: Database): Promise<void> {
  const [treasurer] = await db.select().from(users).where(eq(users.identifiant, 'tresorier'));
  const entityId = async (code: string) =>
    (await db.select().from(entities).where(eq(entities.code, code)))[0]!.id;
  const ctx = (daysAgo: number): RequestContext => ({
    db,
    caller: { id: treasurer!.id, habilitations: treasurer!.habilitations as Habilitation[] },
    clock: fixedClock(`${addDays(parisDay(), -daysAgo)}T10:00:00Z`),
    publicUrl: 'http://localhost',
  });
  const annee = masonicYearOf(parisDay());

  // In date order: invoice numbers follow the order of issue.
  const fees = await ordersService.create(ctx(80), {
    type: 'A',
    tranche: 'D',
    idEntite: await entityId('CHEV-RHONE'),
    annee: annee - 1,
    objet: `Cotisations ${annee - 1}-${annee} — Régularisation`,
    devis: false,
    lignes: [
      { libelle: 'Régularisation : 2 membres arrivés en cours d’année', quantite: 2, prixUnitaire: 12000 },
    ],
  });
  await ordersService.change(ctx(80), 'FACTURE_SENT', { id: fees.id });
  await ordersService.change(ctx(60), 'FACTURE_PAID', {
    id: fees.id,
    paiement: { mode: 'C', date: addDays(parisDay(), -60), reference: 'n° 0004512', montant: 24000 },
  });
  // One of the two members left before the year began: a partial credit note on the paid invoice, which
  // leaves a credit of 120 € on the lodge's account (to use on its next invoice or refund).
  await ordersService.change(ctx(50), 'AVOIR_FACTURE', {
    id: fees.id,
    avoir: { montant: 12000 },
    motif: 'Un des deux membres a quitté la loge avant la rentrée',
  });

  // Issued seventy days ago, reminded once: the second letter is due today (« Relances »), and the lodge's
  // account shows an overdue invoice, its first letter and the credit above to use on it.
  const hall = await ordersService.create(ctx(70), {
    type: 'L',
    idEntite: await entityId('CHEV-RHONE'),
    annee,
    objet: 'Location de la salle des agapes pour le banquet d’ordre',
    devis: false,
    lignes: [
      { libelle: 'Salle des agapes, samedi soir (5 heures)', quantite: 5, prixUnitaire: 3000 },
      { libelle: 'Ménage après la soirée', quantite: 1, prixUnitaire: 6000 },
    ],
  });
  await ordersService.change(ctx(70), 'FACTURE_SENT', { id: hall.id });
  await ordersService.change(ctx(25), 'RELANCE_FACTURE', { id: hall.id });

  const rental = await ordersService.create(ctx(45), {
    type: 'L',
    idEntite: await entityId('TOL-PROGRES'),
    annee,
    objet: 'Location du Temple Hiram pour la tenue blanche ouverte',
    devis: false,
    lignes: [{ libelle: 'Temple Hiram, samedi après-midi (4 heures)', quantite: 4, prixUnitaire: 4500 }],
  });
  await ordersService.change(ctx(45), 'FACTURE_SENT', { id: rental.id });

  await seedUnappliedOnlinePayment(db, ctx, await entityId('AFM-TEMPLE'), annee);

  await ordersService.create(ctx(3), {
    type: 'S',
    idEntite: await entityId('AFM-CULTURE'),
    annee,
    objet: 'Conférence publique : accueil et sonorisation',
    devis: true,
    lignes: [
      { libelle: 'Salle Voltaire, soirée (3 heures)', quantite: 3, prixUnitaire: 2500 },
      { libelle: 'Sonorisation et régie', quantite: 1, prixUnitaire: 8000 },
    ],
  });
}

/**
 * A card payment « à régulariser »: the association started paying its invoice online, the treasurer
 * recorded its transfer meanwhile, then the bank's notification came. The attempt is written as the
 * lodge's « Payer par carte » writes it (the seed has no provider configuration to sign a form with), and
 * the notification goes through the very function the notification address calls.
 */
async function seedUnappliedOnlinePayment(
  db: Database,
  ctx: (daysAgo: number) => RequestContext,
  entityId: number,
  annee: number,
) {
  const order = await ordersService.create(ctx(12), {
    type: 'L',
    idEntite: entityId,
    annee,
    objet: 'Location de la salle Voltaire pour l’assemblée générale',
    devis: false,
    lignes: [{ libelle: 'Salle Voltaire, samedi matin (3 heures)', quantite: 3, prixUnitaire: 2500 }],
  });
  await ordersService.change(ctx(12), 'FACTURE_SENT', { id: order.id });
  const at = ctx(5).clock.now();
  const day = at.toISOString().slice(0, 10);
  const online = await accountsRepository.insertOnlinePayment(
    db,
    { orderId: order.id, montant: 7500, ...(await newTransaction(db, at)), createdById: ctx(5).caller.id },
    at,
  );
  await ordersService.change(ctx(5), 'FACTURE_PAID', {
    id: order.id,
    paiement: { mode: 'V', date: day, reference: 'Virement AFM Temple', montant: 7500 },
  });
  await applyInvoiceNotification(
    ctx(5),
    online.id,
    {
      vads_trans_id: online.transId,
      vads_trans_date: online.transDate,
      vads_amount: String(online.montant),
      vads_trans_status: 'AUTHORISED',
    },
    'PAID',
  );
}
