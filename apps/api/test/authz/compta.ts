/**
 * Authorization rows of the Union's accounting: COMPTA_LECTURE reads (admin and tresorier hold it, with
 * COMPTA_SAISIE); nobody else sees an order, whatever lodge it bills.
 */
import { accountingOrders } from '../../src/db/schema';
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
];
