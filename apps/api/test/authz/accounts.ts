/**
 * Authorization rows of the lodges' accounts (issue 20): an entity's officers (LOGE with `gestion` or
 * `carteLoge` on it: venerable for the lodge) and the Union's readers (COMPTA_LECTURE: admin,
 * tresorier) read it; only its officers pay online; nothing of another entity, through its path (403)
 * or through one's own (404). Aged receivables and the FEC are the Union's (COMPTA_LECTURE).
 */
import { count, eq } from 'drizzle-orm';
import { invoiceCardPayments } from '../../src/db/schema';
import { creditNote } from './compta';
import { allow, type AuthzRow } from './rows';
import { issuedInvoice } from './invoices';
import type { World } from './world';

const readers = (status: number) => allow({ admin: status, tresorier: status });

const onlinePayments = (w: World, orderId: number) => async () =>
  (
    await w.t.db
      .select({ n: count() })
      .from(invoiceCardPayments)
      .where(eq(invoiceCardPayments.orderId, orderId))
  )[0]!.n;

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/loge/:idEntite/compte',
    scope: 'own lodge',
    request: (w) => ({ url: `/api/loge/${w.lodge}/compte` }),
    // The venerable (gestion) reads the lodge's account too.
    expect: { ...readers(200), venerable: 200 },
    check: (response, w) =>
      response.json<{ entite: { id: number } }>().entite.id === w.lodge ? undefined : 'another entity',
  },
  {
    route: 'GET /api/loge/:idEntite/compte',
    scope: 'other lodge',
    request: (w) => ({ url: `/api/loge/${w.otherLodge}/compte` }),
    expect: readers(200),
  },
  {
    route: 'GET /api/loge/:idEntite/compte/commande/:id/document/:kind',
    scope: 'the invoice of the own lodge',
    request: async (w) => ({
      url: `/api/loge/${w.lodge}/compte/commande/${await issuedInvoice(w, w.lodge)}/document/facture`,
    }),
    expect: { ...readers(200), venerable: 200 },
  },
  {
    route: 'GET /api/loge/:idEntite/compte/commande/:id/document/:kind',
    scope: 'the other lodge’s invoice through its own path',
    request: async (w) => ({
      url: `/api/loge/${w.otherLodge}/compte/commande/${await issuedInvoice(w, w.otherLodge)}/document/facture`,
    }),
    expect: readers(200),
  },
  {
    route: 'GET /api/loge/:idEntite/compte/commande/:id/document/:kind',
    scope: 'the other lodge’s invoice through the own lodge’s path',
    request: async (w) => ({
      url: `/api/loge/${w.lodge}/compte/commande/${await issuedInvoice(w, w.otherLodge)}/document/facture`,
    }),
    expect: { ...readers(404), venerable: 404 },
  },
  {
    route: 'GET /api/loge/:idEntite/compte/avoir/:id',
    scope: 'a credit note of the own lodge',
    request: async (w) => ({ url: `/api/loge/${w.lodge}/compte/avoir/${await creditNote(w)}` }),
    expect: { ...readers(200), venerable: 200 },
  },
  {
    route: 'GET /api/loge/:idEntite/compte/avoir/:id',
    scope: 'a credit note of the other lodge through its own path',
    request: async (w) => ({
      url: `/api/loge/${w.otherLodge}/compte/avoir/${await creditNote(w, w.otherLodge)}`,
    }),
    expect: readers(200),
  },
  {
    route: 'GET /api/loge/:idEntite/compte/avoir/:id',
    scope: 'the other lodge’s credit note through the own lodge’s path',
    request: async (w) => ({
      url: `/api/loge/${w.lodge}/compte/avoir/${await creditNote(w, w.otherLodge)}`,
    }),
    expect: { ...readers(404), venerable: 404 },
  },
  {
    route: 'GET /api/loge/:idEntite/compte/releve/:format',
    scope: 'own lodge',
    request: (w) => ({ url: `/api/loge/${w.lodge}/compte/releve/pdf?du=2026-01-01&au=2026-12-31` }),
    expect: { ...readers(200), venerable: 200 },
  },
  {
    route: 'GET /api/loge/:idEntite/compte/releve/:format',
    scope: 'other lodge',
    request: (w) => ({ url: `/api/loge/${w.otherLodge}/compte/releve/xlsx?du=2026-01-01&au=2026-12-31` }),
    expect: readers(200),
  },
  {
    route: 'POST /api/loge/:idEntite/compte/commande/:id/paiement-cb',
    scope: 'an invoice of the own lodge (officers only, not the Union’s treasurers)',
    request: async (w) => {
      const id = await issuedInvoice(w, w.lodge);
      return { url: `/api/loge/${w.lodge}/compte/commande/${id}/paiement-cb`, watch: onlinePayments(w, id) };
    },
    expect: allow({ venerable: 201 }),
  },
  {
    route: 'POST /api/loge/:idEntite/compte/commande/:id/paiement-cb',
    scope: 'an invoice of the other lodge',
    request: async (w) => {
      const id = await issuedInvoice(w, w.otherLodge);
      return {
        url: `/api/loge/${w.otherLodge}/compte/commande/${id}/paiement-cb`,
        watch: onlinePayments(w, id),
      };
    },
    expect: allow({}),
  },
  {
    route: 'POST /api/loge/:idEntite/compte/commande/:id/paiement-cb',
    scope: 'the other lodge’s invoice through the own lodge’s path',
    request: async (w) => {
      const id = await issuedInvoice(w, w.otherLodge);
      return { url: `/api/loge/${w.lodge}/compte/commande/${id}/paiement-cb`, watch: onlinePayments(w, id) };
    },
    expect: allow({ venerable: 404 }),
  },
  {
    route: 'GET /api/compta/paiement-cb/a-regulariser',
    request: () => ({ url: '/api/compta/paiement-cb/a-regulariser' }),
    expect: readers(200),
  },
  {
    route: 'POST /api/compta/paiement-cb/:id/regularisation',
    scope: 'an online payment « à régulariser » of the own lodge',
    tries: ['body.action'],
    request: async (w) => {
      const [row] = await w.t.db
        .insert(invoiceCardPayments)
        .values({
          orderId: await issuedInvoice(w, w.lodge),
          montant: 1000,
          etat: 'A',
          transDay: '2026-11-23',
          transId: String(w.unique()).padStart(6, '0').slice(-6),
          transDate: '20261123100000',
        })
        .returning({ id: invoiceCardPayments.id });
      return {
        url: `/api/compta/paiement-cb/${row!.id}/regularisation`,
        payload: { action: 'REFUNDED' },
        watch: async () =>
          (
            await w.t.db
              .select({ etat: invoiceCardPayments.etat })
              .from(invoiceCardPayments)
              .where(eq(invoiceCardPayments.id, row!.id))
          )[0]!.etat,
      };
    },
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/balance-agee',
    request: () => ({ url: '/api/compta/balance-agee' }),
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/balance-agee/excel',
    request: () => ({ url: '/api/compta/balance-agee/excel' }),
    expect: readers(200),
  },
  {
    route: 'GET /api/compta/fec',
    request: () => ({ url: '/api/compta/fec?du=2026-01-01&au=2026-12-31' }),
    expect: readers(200),
  },
];
