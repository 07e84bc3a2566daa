/**
 * The parameters the authorization matrix must try (format in test/authz/rows.ts, issue 17): every
 * querystring key of every route, and every body field whose name says it acts. A route's parameters
 * are read from the Zod schemas it registers (`schema.querystring`, `schema.body`), so a new one is
 * caught the day it is added.
 */
import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * Body field names that act: an amount or a balance (montant, prix, prixUnitaire, tarifHoraire, solde,
 * cotisations), a state or an action (etat, etats, statut, action), an owner or a « for someone else »
 * id (userId, idUser, idEntite, entiteId, entites, tous, audience, idReservation, reservationId), a right
 * (habilitations and the membership flags gestion, reservation, restauration, carteLoge). Matched on the
 * last segment of the field's path (`paiement.montant`, `lignes.prixUnitaire`). Every querystring key
 * counts, whatever its name: a query is where a call is told to act differently.
 */
export const ACTING_FIELD =
  /^(montant|prix|prixUnitaire|tarifHoraire|solde|cotisations|etat|etats|statut|action|userId|idUser|idEntite|entiteId|entites|tous|audience|idReservation|reservationId|habilitations|ajouter|retirer|gestion|reservation|restauration|carteLoge|rejetes)$/;

/**
 * Parameters that only choose what is read or how it is shown, `METHOD /route in.name` → why they need
 * no row of their own. Everything here is checked to exist on its route.
 */
export const PLAIN_PARAMETERS: Record<string, string> = {
  'GET /api/recherche query.q':
    'the text searched; every section is scoped by the caller (test/authz/search.ts)',
  'GET /api/admin/emails query.destinataire': 'filter of the outbox, which only ADMIN reads',
  'GET /api/admin/emails query.statut': 'filter of the outbox, which only ADMIN reads',
  'GET /api/admin/emails query.du': 'filter of the outbox, which only ADMIN reads',
  'GET /api/admin/emails query.au': 'filter of the outbox, which only ADMIN reads',
  'GET /api/entite/:id/membres/excel query.perimetre':
    'which of the members the export lists; the entity in the path is the one checked',
  'POST /api/user/search body.etat': 'filter on the account state; the search scope applies whatever it says',
  'POST /api/diffusion/destinataires body.tous': 'the audience counted, which only DIFFUSION may ask',
  'POST /api/diffusion/destinataires body.entites': 'the audience counted, which only DIFFUSION may ask',
  'POST /api/payment/search body.etats': 'filter of the top-up search, which only COMPTA_SAISIE makes',
  'POST /api/payment/search body.idUser': 'filter of the top-up search, which only COMPTA_SAISIE makes',
  'GET /api/caisse/sessions query.ouvertes':
    'filter of the till sessions, which MENUS and COMPTA_LECTURE read',
  'GET /api/caisse/cartes query.q': 'search text of the desk’s card search, which only MENUS makes',
  'GET /api/cartes/soldes query.date': 'the day of the balances report, which only COMPTA_LECTURE reads',
  'GET /api/cartes/soldes/excel query.date':
    'the day of the balances export, which only COMPTA_LECTURE makes',
  'POST /api/compta/commande/search body.etat': 'filter of the accounts, which only COMPTA_LECTURE reads',
  'POST /api/compta/commande/search body.idEntite': 'filter of the accounts, which only COMPTA_LECTURE reads',
  'POST /api/compta/commande/excel body.etat': 'filter of the export, which only COMPTA_LECTURE makes',
  'POST /api/compta/commande/excel body.idEntite': 'filter of the export, which only COMPTA_LECTURE makes',
  'GET /api/compta/commande/preload query.idEntite': 'reads a proposal of lines, for COMPTA_LECTURE only',
  'GET /api/compta/commande/preload query.type': 'reads a proposal of lines, for COMPTA_LECTURE only',
  'GET /api/compta/commande/preload query.annee': 'reads a proposal of lines, for COMPTA_LECTURE only',
  'GET /api/compta/commande/preload query.tranche': 'reads a proposal of lines, for COMPTA_LECTURE only',
  'GET /api/compta/cotisation query.annee': 'the year of the fee table, which only COMPTA_LECTURE reads',
  'GET /api/compta/cotisation query.tiers': 'filter of the fee table, which only COMPTA_LECTURE reads',
  'GET /api/compta/cotisation/emission query.annee': 'which call the preview reads; it changes nothing',
  'GET /api/compta/cotisation/emission query.tranche': 'which call the preview reads; it changes nothing',
  'GET /api/compta/cotisation/excel query.annee': 'the year of the export, which only COMPTA_LECTURE makes',
  'GET /api/compta/cotisation/excel query.tiers': 'filter of the export, which only COMPTA_LECTURE makes',
  'GET /api/compta/remise-cheques query.du':
    'the period of the deposit slip, which only COMPTA_LECTURE reads',
  'GET /api/compta/remise-cheques query.au':
    'the period of the deposit slip, which only COMPTA_LECTURE reads',
  'GET /api/loge/:idEntite/compte/commande/:id/document/:kind query.niveau':
    'which reminder letter of the document is read; the entity and the order in the path are checked',
  'GET /api/loge/:idEntite/compte/releve/:format query.du':
    'the period of the statement, a read of the entity in the path',
  'GET /api/loge/:idEntite/compte/releve/:format query.au':
    'the period of the statement, a read of the entity in the path',
  'GET /api/compta/fec query.du': 'the period of the export, which only COMPTA_LECTURE makes',
  'GET /api/compta/fec query.au': 'the period of the export, which only COMPTA_LECTURE makes',
  'GET /api/document/all query.type': 'filter; the reader scope applies whatever it says',
  'GET /api/document/all query.idEntite': 'filter; the reader scope applies whatever it says',
  'GET /api/document/all query.annee': 'filter; the reader scope applies whatever it says',
  'GET /api/document/all query.q': 'search text; the reader scope applies whatever it says',
  'GET /api/document/all query.idReservation': 'filter; the reader scope applies whatever it says',
  'GET /api/document/all query.page': 'pagination',
  'GET /api/document/all query.parPage': 'pagination',
  'POST /api/public/desinscription-documents query.jeton':
    'the secret of the e-mail link is the only credential of this public call (also accepted in the body)',
};

/** Field paths of a Zod schema (`a`, `a.b`, `lignes.prixUnitaire`), read from its input JSON Schema. */
function fieldsOf(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const paths = new Set<string>();
  const walk = (node: unknown, prefix: string) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    for (const [name, child] of Object.entries((n.properties as Record<string, unknown>) ?? {})) {
      paths.add(prefix + name);
      walk(child, `${prefix}${name}.`);
    }
    walk(n.items, prefix);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(n[key])) for (const child of n[key]) walk(child, prefix);
    }
  };
  walk(json, '');
  return [...paths];
}

/** A route's parameters the matrix must try or list: `query.<key>` for all, `body.<path>` when it acts. */
export function parametersOf(route: RouteOptions): string[] {
  const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown };
  return [
    ...fieldsOf(schema.querystring).map((key) => `query.${key}`),
    ...fieldsOf(schema.body)
      .filter((path) => ACTING_FIELD.test(path.split('.').at(-1)!))
      .map((path) => `body.${path}`),
  ];
}
