/**
 * Authorization rows of the Union's accounting: COMPTA_LECTURE reads (admin and tresorier hold it, with
 * COMPTA_SAISIE); nobody else sees an order, whatever lodge it bills.
 */
import {
  accountingCreditNotes,
  accountingOrders,
  accountingPayments,
  chequeDeposits,
  journalEntries,
  journalLines,
} from '../../src/db/schema';
import { issuedInvoice } from './invoices';
import { allow, type AuthzRow } from './rows';
import type { World } from './world';

const readers = (status: number) => allow({ admin: status, tresorier: status });

/** A fresh quote of the lodge, numbered like real ones but from its own series so numbers never clash. */
async function quote(w: World): Promise<number> {
  const [row] = await w.t.db
    .insert(accountingOrders)
    .values({
      type: 'S',
      entityId: w.lodge,
      annee: w.annee,
      objet: 'Prestation',
      etat: 'DC',
      total: 1000,
      numeroDevis: `DE-MATRICE-${w.unique()}`,
      dateDevis: '2026-11-23',
    })
    .returning({ id: accountingOrders.id });
  return row!.id;
}

/** A fresh credit note of 5 € on an issued invoice of the entity (the lodge), numbered from its own series. */
export async function creditNote(w: World, entityId = w.lodge): Promise<number> {
  const orderId = await issuedInvoice(w, entityId);
  const [note] = await w.t.db
    .insert(accountingCreditNotes)
    .values({
      orderId,
      entityId,
      numero: `AV-MATRICE-${w.unique()}`,
      date: '2026-11-23',
      montant: 500,
      lignes: [{ position: null, libelle: 'Avoir', quantite: 1, prixUnitaire: 500, montant: 500 }],
    })
    .returning({ id: accountingCreditNotes.id });
  return note!.id;
}

/** A cheque of 1 € waiting in 5112 (its entry written straight, numbered from its own series). */
async function pendingCheque(w: World): Promise<void> {
  // The world's unique() is « <pid>x<counter> »: the counter makes the rank.
  const rang = 900_000 + Number(w.unique().split('x')[1]);
  const [entry] = await w.t.db
    .insert(journalEntries)
    .values({
      journal: 'OD',
      annee: 2026,
      rang,
      numero: `OD2026-${rang}`,
      date: '2026-11-23',
      valideLe: '2026-11-23',
      piece: 'CHQ MATRICE',
      pieceDate: '2026-11-23',
      libelle: 'Chèque de la matrice',
      source: `matrice:${w.unique()}`,
    })
    .returning({ id: journalEntries.id });
  await w.t.db.insert(journalLines).values([
    { entryId: entry!.id, compte: '5112', compteLib: 'Chèques à encaisser', debit: 100 },
    {
      entryId: entry!.id,
      compte: '411',
      compteLib: 'Clients',
      aux: '411MAT',
      auxLib: 'Matrice',
      credit: 100,
    },
  ]);
}

/** A credit of 10 € on the lodge's account: a payment received and not allocated. */
async function credit(w: World): Promise<void> {
  await w.t.db
    .insert(accountingPayments)
    .values({ entityId: w.lodge, nature: 'E', mode: 'V', date: '2026-11-23', montant: 1000 });
}

export const rows: AuthzRow[] = [
  {
    route: 'POST /api/compta/commande/search',
    request: () => ({ url: '/api/compta/commande/search', payload: {} }),
    expect: readers(200),
  },
  {
    route: 'POST /api/compta/commande/excel',
    request: () => ({ url: '/api/compta/commande/excel', payload: { idEntite: 1 } }),
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/commande/preload',
    request: (w) => ({ url: `/api/compta/commande/preload?idEntite=${w.lodge}&type=S&annee=${w.annee}` }),
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/commande/:id/infos',
    scope: 'an order of the own lodge',
    request: async (w) => ({ url: `/api/compta/commande/${await quote(w)}/infos` }),
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/commande/:id/document/:kind',
    scope: 'the quote of the own lodge',
    request: async (w) => ({ url: `/api/compta/commande/${await quote(w)}/document/devis` }),
    expect: readers(200),
  },
  {
    route: 'POST /api/compta/commande',
    tries: ['body.idEntite', 'body.lignes.prixUnitaire', 'body.lignes.reservationId'],
    request: async (w) => ({
      url: '/api/compta/commande',
      payload: {
        type: 'L',
        idEntite: w.otherLodge,
        annee: w.annee,
        objet: 'Location',
        devis: false,
        lignes: [
          {
            libelle: 'Salle',
            quantite: 1,
            prixUnitaire: 1000,
            reservationId: await w.fresh.reservation(w.otherLodge, 'CR'),
          },
        ],
      },
    }),
    expect: readers(201),
  },
  {
    route: 'PUT /api/compta/commande',
    tries: ['query.action'],
    request: async (w) => ({
      url: '/api/compta/commande?action=DEVIS_SENT',
      payload: { id: await quote(w) },
    }),
    expect: readers(200),
  },
  {
    route: 'PUT /api/compta/commande',
    scope: 'EDIT_DEVIS with its lines',
    tries: ['query.action', 'body.lignes.prixUnitaire', 'body.lignes.reservationId'],
    request: async (w) => ({
      url: '/api/compta/commande?action=EDIT_DEVIS',
      payload: {
        id: await quote(w),
        lignes: [
          {
            libelle: 'Salle',
            quantite: 2,
            prixUnitaire: 2500,
            reservationId: await w.fresh.reservation(w.lodge, 'CR'),
          },
        ],
      },
    }),
    expect: readers(200),
  },
  {
    route: 'PUT /api/compta/commande',
    scope: 'EDIT_PAYMENT on a quote (the policy answers before the state)',
    tries: ['query.action', 'body.paiement.montant'],
    request: async (w) => ({
      url: '/api/compta/commande?action=EDIT_PAYMENT',
      payload: {
        id: await quote(w),
        paiement: { mode: 'V', date: '2026-11-23', montant: 1000 },
      },
    }),
    expect: readers(412),
  },
  {
    route: 'GET /api/compta/cotisation',
    request: (w) => ({ url: `/api/compta/cotisation?annee=${w.annee}` }),
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/cotisation/excel',
    request: (w) => ({ url: `/api/compta/cotisation/excel?annee=${w.annee}&tiers=${w.lodge}` }),
    expect: readers(200),
  },
  {
    route: 'POST /api/compta/cotisation/appel',
    request: (w) => ({ url: '/api/compta/cotisation/appel', payload: { annee: w.annee, tranche: 'A' } }),
    expect: readers(201),
  },
  {
    route: 'PUT /api/compta/commande',
    scope: 'AVOIR_FACTURE on a quote (the policy answers before the state)',
    tries: ['query.action', 'body.avoir.montant', 'body.montant'],
    request: async (w) => ({
      url: '/api/compta/commande?action=AVOIR_FACTURE',
      payload: { id: await quote(w), avoir: { montant: 100 }, montant: 100 },
    }),
    expect: readers(412),
  },
  {
    route: 'GET /api/compta/cotisation/emission',
    request: (w) => ({ url: `/api/compta/cotisation/emission?annee=${w.annee}&tranche=A` }),
    expect: readers(200),
  },
  {
    route: 'POST /api/compta/cotisation/emission',
    scope: 'ids that are no draft of the call: nothing is issued (412)',
    request: async (w) => ({
      url: '/api/compta/cotisation/emission',
      payload: { annee: w.annee, tranche: 'A', ids: [await quote(w)] },
    }),
    expect: readers(412),
  },
  {
    route: 'GET /api/compta/avoir/:id/document',
    scope: 'a credit note of the own lodge',
    request: async (w) => ({ url: `/api/compta/avoir/${await creditNote(w)}/document` }),
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/entite/:id/compte',
    scope: 'the own lodge',
    request: (w) => ({ url: `/api/compta/entite/${w.lodge}/compte` }),
    expect: readers(200),
  },
  {
    route: 'POST /api/compta/paiement',
    scope: 'a payment of the own lodge, kept as its credit',
    tries: ['body.idEntite', 'body.montant', 'body.affectations.montant'],
    request: (w) => ({
      url: '/api/compta/paiement',
      payload: {
        idEntite: w.lodge,
        mode: 'C',
        date: '2026-11-23',
        reference: 'CHQ 1',
        montant: 1000,
        affectations: [],
      },
    }),
    expect: readers(201),
  },
  {
    route: 'POST /api/compta/entite/:id/remboursement',
    scope: 'part of the own lodge’s credit',
    tries: ['body.montant'],
    request: async (w) => {
      await credit(w);
      return {
        url: `/api/compta/entite/${w.lodge}/remboursement`,
        payload: { mode: 'V', date: '2026-11-23', montant: 100 },
      };
    },
    expect: readers(201),
  },
  {
    route: 'POST /api/compta/remises-cheques',
    scope: 'the cheques of a period waiting in 5112, one made for the call',
    request: async (w) => {
      await pendingCheque(w);
      return { url: '/api/compta/remises-cheques', payload: { du: '2026-11-01', au: '2026-11-30' } };
    },
    expect: readers(201),
  },
  {
    route: 'GET /api/compta/remises-cheques/:id',
    request: async (w) => {
      const [deposit] = await w.t.db
        .insert(chequeDeposits)
        .values({ date: '2026-11-24', du: '2026-11-01', au: '2026-11-30', total: 100 })
        .returning({ id: chequeDeposits.id });
      return { url: `/api/compta/remises-cheques/${deposit!.id}` };
    },
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/remise-cheques',
    request: () => ({ url: '/api/compta/remise-cheques?du=2026-11-01&au=2026-11-30' }),
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/relances',
    request: () => ({ url: '/api/compta/relances' }),
    expect: readers(200),
  },
  {
    route: 'POST /api/compta/relances/apercu',
    request: async (w) => ({ url: '/api/compta/relances/apercu', payload: { ids: [await quote(w)] } }),
    expect: readers(200),
  },
  {
    route: 'POST /api/compta/relances/envoi',
    scope: 'a quote: not overdue, reported as not sent',
    request: async (w) => ({ url: '/api/compta/relances/envoi', payload: { ids: [await quote(w)] } }),
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/commande/:id/relances/:rang',
    scope: 'a quote has no reminder letter (412)',
    request: async (w) => ({ url: `/api/compta/commande/${await quote(w)}/relances/1` }),
    expect: readers(412),
  },
  // The treasurer's dashboard (issue 33): COMPTA_LECTURE reads it, the year asked for included.
  {
    route: 'GET /api/compta/tableau-de-bord/creances',
    request: () => ({ url: '/api/compta/tableau-de-bord/creances' }),
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/tableau-de-bord/mois',
    request: (w) => ({ url: `/api/compta/tableau-de-bord/mois?annee=${w.annee}` }),
    tries: ['query.annee'],
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/tableau-de-bord/cartes',
    request: () => ({ url: '/api/compta/tableau-de-bord/cartes' }),
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/tableau-de-bord/echeances',
    request: () => ({ url: '/api/compta/tableau-de-bord/echeances' }),
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/tableau-de-bord/excel',
    request: (w) => ({ url: `/api/compta/tableau-de-bord/excel?annee=${w.annee}` }),
    tries: ['query.annee'],
    expect: readers(200),
  },
];
