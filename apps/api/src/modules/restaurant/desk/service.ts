/**
 * The card desk (issue 21, DECISIONS §5): till sessions, credits in cash or by cheque and bar sales on
 * the cards, their receipts, and the total of the cards' balances at a date. Every movement is written
 * under two row locks: its session's (so none lands after the close) and its card's (so a sale reads a
 * balance no other payment changes before its own movement is written).
 */
import {
  Till,
  euros,
  type CardBalances,
  type DeskCard,
  type DeskMovement,
  type DeskMovementInput,
  type TillClose,
  type TillOpen,
  type TillSession,
  type TillSessionDetail,
} from '@union/contract';
import { authorize } from '../../../lib/authorize';
import { guardConstraint } from '../../../lib/constraints';
import { inTransaction, type RequestContext, type TxContext } from '../../../lib/context';
import { invalid, notFound, refused } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { insertCardMovement } from '../cards/books';
import { openCard } from '../cards/ledger';
import { cardsRepository, type CardOwner } from '../cards/repository';
import { mayDesk } from '../policy';
import { balancesWorkbook } from './excel';
import { presentDeskMovement, presentTillSession } from './presenter';
import { postTillClosing, postTillOpening } from './books';
import { buildReceipt } from './receipt';
import { deskRepository, holderOf, type TillSessionRecord } from './repository';

const SESSION_NOT_FOUND = "Cette session de caisse n'existe pas.";

async function lockOpenSession(tx: TxContext, id: number): Promise<TillSessionRecord> {
  const session = await deskRepository.lockSession(tx.db, id);
  if (!session) throw notFound(SESSION_NOT_FOUND);
  if (session.closedAt !== null) {
    throw refused(
      'till_closed',
      `La session n° ${session.id} (${Till.labels[session.caisse]}) est clôturée : ouvrez une nouvelle session pour enregistrer ce mouvement.`,
    );
  }
  return session;
}

/** The one card a desk movement is for: a person or an entity, exactly one (412 otherwise). */
function ownerOf(input: { idUser?: number | undefined; idEntite?: number | undefined }): CardOwner {
  if ((input.idUser === undefined) === (input.idEntite === undefined)) {
    throw invalid('Carte : indiquez soit un membre (idUser), soit une loge (idEntite), et un seul.');
  }
  return input.idUser !== undefined ? { userId: input.idUser } : { entityId: input.idEntite! };
}

async function sessionView(ctx: RequestContext, id: number): Promise<TillSessionDetail> {
  const [row] = (await deskRepository.listSessions(ctx.db, false, id)) ?? [];
  if (!row) throw notFound(SESSION_NOT_FOUND);
  const totals = await deskRepository.totalsOf(ctx.db, [id]);
  const movements = await deskRepository.movementsOfSession(ctx.db, id);
  return {
    ...presentTillSession(row, totals.get(id)),
    mouvements: movements.map(presentDeskMovement),
    gestion: mayDesk(ctx, 'OPERATE', null) && row.session.closedAt === null,
  };
}

export const deskService = {
  /** GET /api/caisse/sessions (MENUS, COMPTA_LECTURE): newest first, with their sums. */
  async list(ctx: RequestContext, onlyOpen: boolean): Promise<TillSession[]> {
    authorize(mayDesk(ctx, 'READ', null));
    const rows = await deskRepository.listSessions(ctx.db, onlyOpen);
    const totals = await deskRepository.totalsOf(
      ctx.db,
      rows.map((r) => r.session.id),
    );
    return rows.map((r) => presentTillSession(r, totals.get(r.session.id)));
  },

  /** GET /api/caisse/sessions/{id} (MENUS, COMPTA_LECTURE): the session and its movements. */
  async get(ctx: RequestContext, id: number): Promise<TillSessionDetail> {
    authorize(mayDesk(ctx, 'READ', null));
    return sessionView(ctx, id);
  },

  /** POST /api/caisse/sessions (MENUS): one open session per till, the database's word. */
  async open(ctx: RequestContext, input: TillOpen): Promise<TillSessionDetail> {
    authorize(mayDesk(ctx, 'OPERATE', null));
    const id = await inTransaction(ctx, async (tx) => {
      const session = await guardConstraint(
        () =>
          deskRepository.insertSession(
            tx.db,
            { caisse: input.caisse, fondInitial: input.fondInitial, openedBy: tx.caller.id },
            tx.clock.now(),
          ),
        {
          till_sessions_one_open: {
            code: 'till_already_open',
            message: `Caisse : une session est déjà ouverte sur « ${Till.labels[input.caisse]} ». Reprenez-la, ou clôturez-la avant d'en ouvrir une autre.`,
          },
        },
      );
      await postTillOpening(tx, session);
      await audit.record(tx, {
        action: 'till_opened',
        recordType: 'till_session',
        recordId: session.id,
        details: { caisse: input.caisse, fondInitial: input.fondInitial },
      });
      return session.id;
    });
    return sessionView(ctx, id);
  },

  /**
   * POST /api/caisse/sessions/{id}/cloture (MENUS): the cash counted against what the drawer should hold
   * (float plus cash received); a difference needs its reason and is kept with it.
   */
  async close(ctx: RequestContext, id: number, input: TillClose): Promise<TillSessionDetail> {
    authorize(mayDesk(ctx, 'OPERATE', null));
    await inTransaction(ctx, async (tx) => {
      const session = await lockOpenSession(tx, id);
      const totals = (await deskRepository.totalsOf(tx.db, [id])).get(id);
      const attendu = session.fondInitial + (totals?.especes ?? 0);
      const ecart = input.compte - attendu;
      const motif = input.motif ? input.motif : null;
      if (ecart !== 0 && motif === null) {
        throw refused(
          'till_difference_reason_required',
          `Motif : les espèces comptées (${euros(input.compte)}) s'écartent de ${euros(Math.abs(ecart))} ` +
            `de ce que la caisse doit contenir (${euros(attendu)}) : recomptez, ou expliquez l'écart dans « Motif ».`,
        );
      }
      await deskRepository.closeSession(
        tx.db,
        id,
        { closedBy: tx.caller.id, attendu, compte: input.compte, motif },
        tx.clock.now(),
      );
      await postTillClosing(tx, session, { attendu, compte: input.compte });
      await audit.record(tx, {
        action: 'till_closed',
        recordType: 'till_session',
        recordId: id,
        details: { attendu, compte: input.compte, ecart, motif },
      });
    });
    return sessionView(ctx, id);
  },

  /**
   * POST /api/caisse/sessions/{id}/mouvements (MENUS): a credit in cash or by cheque (G), or a bar sale
   * debited from the card (V, refused when the balance is short), in the open session, by its author.
   */
  async move(ctx: RequestContext, sessionId: number, input: DeskMovementInput): Promise<DeskMovement> {
    authorize(mayDesk(ctx, 'OPERATE', null));
    const owner = ownerOf(input);
    const id = await inTransaction(ctx, async (tx) => {
      const session = await lockOpenSession(tx, sessionId);
      if (!(await deskRepository.ownerExists(tx.db, owner))) {
        throw invalid(
          'userId' in owner
            ? "Carte : ce membre n'existe pas ou n'est plus actif."
            : "Carte : cette loge n'existe pas.",
        );
      }
      const why = { action: 'card_desk_movement', recordType: 'till_session', recordId: session.id };
      const card = await openCard(tx, owner, undefined, why);
      if (input.type === 'V' && card.balance < input.montant) {
        throw refused(
          'card_insufficient_balance',
          `Solde insuffisant : la carte a un solde de ${euros(card.balance)} pour une vente de ${euros(input.montant)}. ` +
            'Créditez la carte avant la vente, ou faites payer autrement.',
        );
      }
      const movementId = await insertCardMovement(
        tx,
        input.type === 'G'
          ? {
              cardId: card.cardId,
              type: 'G',
              montant: input.montant,
              moyen: input.moyen,
              reference: input.reference ? input.reference : null,
              tillSessionId: session.id,
              authorId: tx.caller.id,
              libelle: input.moyen === 'E' ? 'Crédit au guichet en espèces' : 'Crédit au guichet par chèque',
            }
          : {
              cardId: card.cardId,
              type: 'V',
              montant: -input.montant,
              tillSessionId: session.id,
              authorId: tx.caller.id,
              libelle: input.libelle,
            },
        session.caisse,
      );
      await audit.record(tx, {
        action: input.type === 'G' ? 'card_desk_credit' : 'card_bar_sale',
        recordType: 'card_movement',
        recordId: movementId,
        details: {
          session: session.id,
          carte: owner,
          montant: input.montant,
          ...(input.type === 'G' ? { moyen: input.moyen } : { article: input.libelle }),
        },
      });
      return movementId;
    });
    const row = await deskRepository.findMovement(ctx.db, id);
    return presentDeskMovement(row!);
  },

  /** GET /api/caisse/mouvements/{id}/recu (MENUS, COMPTA_LECTURE): a desk movement's receipt. */
  async receipt(ctx: RequestContext, id: number): Promise<{ pdf: Buffer; fileName: string }> {
    authorize(mayDesk(ctx, 'READ', null));
    const movement = await deskRepository.findMovement(ctx.db, id);
    if (!movement || movement.tillSessionId === null) throw notFound("Ce reçu n'existe pas.");
    const [session] = await deskRepository.listSessions(ctx.db, false, movement.tillSessionId);
    return { pdf: await buildReceipt(movement, session!.session), fileName: `recu-${id}.pdf` };
  },

  /** GET /api/caisse/cartes (MENUS): the cards of the people and lodges whose name holds the text. */
  async cards(ctx: RequestContext, q: string): Promise<DeskCard[]> {
    authorize(mayDesk(ctx, 'OPERATE', null));
    const { people, lodges } = await deskRepository.searchOwners(ctx.db, q);
    const balances = await cardsRepository.balancesOf(
      ctx.db,
      people.map((p) => p.id),
      lodges.map((l) => l.id),
    );
    return [
      ...lodges.map((l) => ({
        idUser: null,
        idEntite: l.id,
        titulaire: l.nom,
        solde: balances.entities.get(l.id) ?? 0,
      })),
      ...people.map((p) => ({
        idUser: p.id,
        idEntite: null,
        titulaire: `${p.prenom} ${p.nom}`,
        solde: balances.users.get(p.id) ?? 0,
      })),
    ];
  },

  /** GET /api/cartes/soldes (COMPTA_LECTURE): what the Union owes its members and lodges at a date. */
  async balances(ctx: RequestContext, day: string): Promise<CardBalances> {
    authorize(mayDesk(ctx, 'BALANCES', null));
    const rows = await deskRepository.balancesAt(ctx.db, day);
    const cartes = rows.map((r) => ({
      idUser: r.userId,
      idEntite: r.entityId,
      titulaire: holderOf(r),
      solde: r.solde,
    }));
    const sum = (keep: (c: DeskCard) => boolean) =>
      cartes.filter(keep).reduce((total, c) => total + c.solde, 0);
    return {
      date: day,
      total: sum(() => true),
      totalMembres: sum((c) => c.idUser !== null),
      totalEntites: sum((c) => c.idEntite !== null),
      cartes,
    };
  },

  async balancesExcel(ctx: RequestContext, day: string): Promise<{ xlsx: Buffer; fileName: string }> {
    const balances = await deskService.balances(ctx, day);
    return { xlsx: await balancesWorkbook(balances), fileName: `soldes-cartes-${day}.xlsx` };
  },
};
