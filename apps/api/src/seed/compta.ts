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
import { ordersService } from '../modules/compta/orders/service';
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
    paiement: { mode: 'C', date: addDays(parisDay(), -60), reference: 'Chèque n° 0004512', montant: 24000 },
  });

  const rental = await ordersService.create(ctx(45), {
    type: 'L',
    idEntite: await entityId('TOL-PROGRES'),
    annee,
    objet: 'Location du Temple Hiram pour la tenue blanche ouverte',
    devis: false,
    lignes: [{ libelle: 'Temple Hiram, samedi après-midi (4 heures)', quantite: 4, prixUnitaire: 4500 }],
  });
  await ordersService.change(ctx(45), 'FACTURE_SENT', { id: rental.id });

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
