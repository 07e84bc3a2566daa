/**
 * Builders for the API tests: each creates the rows one test needs through the app's own HTTP API (so
 * the rules, the audit and the constraints apply as in production) and answers what the test acts
 * with: ids, names and the bearer tokens to call as each person. Every value a test leaves out is a
 * default made unique by a counter, so two calls never collide and each `it` builds its own world:
 * the tests of a file pass in any order, or one at a time (`--sequence.shuffle`, `-t`).
 *
 *   const b = builders(t);
 *   const lodge = await b.aLodgeWithMembers({ members: [{ habilitations: ['USER', 'PLANNING'], flags: { reservation: true } }] });
 *   const r = await b.aReservation({ entity: lodge, state: 'CR' });
 *
 * Accounts are the one thing written to the database directly (`createUser`): the API only invites,
 * and a test needs a password to sign in with. Entities, memberships, rooms, reservations, closures
 * and meals go through the API, called by an administrator the builders create the first time they
 * need one (`operator`, ADMIN only: a member of no entity, so nobody's e-mails or lists change).
 */
import {
  API,
  type DocumentDetail,
  type EntityType,
  type Habilitation,
  type Meal,
  type OrderDetail,
  type Reservation,
  type ReservationChangeAction,
  type Room,
  addDays,
} from '@union/contract';
import { multipartBody, pdfWith } from './documents-helpers';
import { createUser, type TestContext } from './helpers';

/** A process-wide counter: each test file has its own module registry and its own database. */
let counter = 0;
const next = () => ++counter;

export type MembershipFlags = {
  gestion?: boolean;
  reservation?: boolean;
  restauration?: boolean;
  carteLoge?: boolean;
};

export interface PersonFields {
  identifiant?: string;
  prenom?: string;
  nom?: string;
  email?: string;
  habilitations?: Habilitation[];
  /** A or nothing: signed in; I or S: the account exists but cannot sign in (`token` is ''). */
  etat?: 'A' | 'I' | 'S';
}

export interface MemberFields extends PersonFields {
  fonction?: string;
  flags?: MembershipFlags;
  debut?: string | null;
  fin?: string | null;
}

/** Someone named after their role, as screens, e-mails and PDFs then print them (« req REQ »). */
export const named = (
  identifiant: string,
  habilitations: Habilitation[],
  flags: MembershipFlags = {},
): MemberFields => ({
  identifiant,
  prenom: identifiant,
  nom: identifiant.toUpperCase(),
  habilitations,
  flags,
});

export interface Person {
  id: number;
  identifiant: string;
  prenom: string;
  nom: string;
  email: string;
  habilitations: Habilitation[];
  /** A bearer token to call the API as this person ('' for an account that cannot sign in). */
  token: string;
}

export interface Member extends Person {
  membershipId: number;
}

export interface Lodge {
  id: number;
  code: string;
  nom: string;
  type: EntityType;
  /** The members given (or one by default), in that order. */
  members: Member[];
  /** Its managers: gestion on the membership, LOGE among the habilitations unless given. */
  managers: Member[];
  /** The first member and the first manager, for the tests that need only one. */
  member: Member;
  manager: Member;
}

export interface LodgeFields {
  code?: string;
  nom?: string;
  type?: EntityType;
  numero?: string;
  ville?: string;
  /** Where its invoices go (the accounting's letters and e-mails). Default: none. */
  adresseFacturation?: string;
  emailFacturation?: string;
  /** A number of plain members, or each one's fields. Default: one member. */
  members?: number | MemberFields[];
  /** A number of managers, or each one's fields. Default: none. */
  managers?: number | MemberFields[];
  /** The membership flags every member gets unless their own fields say otherwise. */
  flags?: MembershipFlags;
  /** Deleted (S) after its members joined. */
  etat?: 'A' | 'S';
}

export type ReservationState = 'DC' | 'CR' | 'DS' | 'SU';

export interface ReservationFields {
  /** The entity booking. Default: a new lodge whose member may book. */
  entity?: Lodge;
  /** Who asks (a member of the entity with PLANNING and reservation). Default: the entity's first one. */
  by?: Member;
  /** A room id or a room. Default: a new room. */
  room?: number | Room;
  /** Default: a day of its own (`aDay()`). */
  day?: string;
  start?: string;
  end?: string;
  /**
   * DC requested by `by`; CR requested then accepted by the Union staff; DS confirmed then its deletion
   * asked by `by`; SU requested then withdrawn by `by`. Default DC.
   */
  state?: ReservationState;
  type?: string;
  libelle?: string;
  participants?: number;
  commentaire?: string | null;
}

export interface MealFields {
  /** Default: a day of its own (`aDay()`). */
  day?: string;
  type?: 'M' | 'S';
  titre?: string;
  places?: number;
  /** Default: 10:00 on the meal's day. */
  limite?: string;
  ouvert?: boolean;
  /** The dishes added to it, in order. Default: a menu at 18 € and a coffee at 1,50 €. */
  dishes?: { type: string; libelle: string; prix: number }[];
  /** Who writes the menu (MENUS): their token is enough. Default: a cook the builders create once. */
  chef?: Pick<Person, 'token'>;
  /** The confirmed session (a reservation's id) the meal is the agapes of. Default: none. */
  session?: number;
}

export interface DocumentFields {
  /** Who publishes it (a manager of the entity, or a DIFFUSION holder): their token is enough. */
  by: Pick<Person, 'token'>;
  /** The entity it belongs to. */
  entity: number;
  type?: string;
  titre?: string;
  date?: string;
  audience?: string;
  /** The PDF's name and its one page's text. */
  fileName?: string;
  text?: string;
}

export interface OrderLine {
  libelle: string;
  quantite: number;
  prixUnitaire: number;
}

export interface OrderFields {
  /** Who writes it (COMPTA_SAISIE): their token is enough. */
  by: Pick<Person, 'token'>;
  /** The entity billed. */
  entity: number;
  type?: string;
  /** A fee call's instalment (type A): A, B, C or D. */
  tranche?: string;
  /** Default: the year of the app's today. */
  annee?: number;
  objet?: string;
  /** A quote (true) or an invoice (false, the default). */
  devis?: boolean;
  lignes?: OrderLine[];
  /** Issued without e-mail (FACTURE_SENT): it gets its number. Default: left a draft. */
  issued?: boolean;
}

const BOOKER: MemberFields = { habilitations: ['USER', 'PLANNING'], flags: { reservation: true } };

export type Builders = ReturnType<typeof builders>;

export function builders(t: TestContext) {
  /** A call that must succeed: a builder never hides a refusal. */
  async function ok<T>(call: Parameters<TestContext['call']>[0], status = 201): Promise<T> {
    const response = await t.call(call);
    if (response.statusCode !== status) {
      throw new Error(`${call.method} ${call.url} answered ${response.statusCode}: ${response.body}`);
    }
    return (response.body ? response.json() : undefined) as T;
  }

  let operator: Promise<Person> | undefined;
  /** The administrator the builders act as to create entities, memberships and rooms. */
  const asOperator = () =>
    (operator ??= aUser({ identifiant: 'operateur', habilitations: ['USER', 'ADMIN'] }));

  let chef: Promise<Person> | undefined;
  const defaultChef = () => (chef ??= aUser({ identifiant: 'cuisine', habilitations: ['USER', 'MENUS'] }));

  /** An account that can sign in with PASSWORD, signed in unless it is not active. */
  async function aUser(fields: PersonFields = {}): Promise<Person> {
    const n = next();
    const identifiant = fields.identifiant ?? `personne-${n}`;
    const user = await createUser(t.db, {
      identifiant,
      prenom: fields.prenom ?? `Prénom${n}`,
      nom: fields.nom ?? `Nom${n}`,
      email: fields.email ?? `${identifiant}@exemple.fr`,
      habilitations: fields.habilitations ?? ['USER'],
      etat: fields.etat ?? 'A',
    });
    return {
      id: user.id,
      identifiant,
      prenom: user.prenom,
      nom: user.nom,
      email: user.email,
      habilitations: user.habilitations as Habilitation[],
      token: user.etat === 'A' ? await t.signIn(identifiant) : '',
    };
  }

  /** Adds an existing account to an entity (POST /api/entite/{id}/appartenances as the operator). */
  async function aMembership(
    entityId: number,
    person: Person,
    fields: Omit<MemberFields, keyof PersonFields> = {},
  ): Promise<Member> {
    const { token } = await asOperator();
    const membership = await ok<{ id: number }>({
      method: 'POST',
      url: `/api/entite/${entityId}/appartenances`,
      token,
      payload: {
        userId: person.id,
        fonction: fields.fonction ?? null,
        debut: fields.debut ?? null,
        fin: fields.fin ?? null,
        ...fields.flags,
      },
    });
    return { ...person, membershipId: membership.id };
  }

  /** A new account that belongs to the entity. */
  async function aMember(entityId: number, fields: MemberFields = {}): Promise<Member> {
    const { fonction, flags, debut, fin, ...person } = fields;
    return aMembership(entityId, await aUser(person), { fonction, flags, debut, fin });
  }

  const specs = (given: number | MemberFields[] | undefined, fallback: number): MemberFields[] =>
    Array.isArray(given) ? given : Array.from({ length: given ?? fallback }, () => ({}));

  /** An entity (a lodge unless `type` says otherwise) with its members and managers, each signed in. */
  async function aLodgeWithMembers(fields: LodgeFields = {}): Promise<Lodge> {
    const n = next();
    const { token } = await asOperator();
    const type = fields.type ?? 'GODF';
    const entity = await ok<{ id: number; code: string; nom: string }>({
      method: 'POST',
      url: '/api/entite',
      token,
      payload: {
        code: fields.code ?? `LOGE-${n}`,
        nom: fields.nom ?? `Loge n° ${n}`,
        type,
        numero: fields.numero ?? null,
        ville: fields.ville ?? null,
        adresseFacturation: fields.adresseFacturation ?? null,
        emailFacturation: fields.emailFacturation ?? null,
      },
    });
    const managers: Member[] = [];
    for (const spec of specs(fields.managers, 0)) {
      managers.push(
        await aMember(entity.id, {
          habilitations: ['USER', 'LOGE'],
          ...spec,
          flags: { ...fields.flags, gestion: true, ...spec.flags },
        }),
      );
    }
    const members: Member[] = [];
    for (const spec of specs(fields.members, 1)) {
      members.push(await aMember(entity.id, { ...spec, flags: { ...fields.flags, ...spec.flags } }));
    }
    if (fields.etat === 'S') {
      await ok(
        {
          method: 'PUT',
          url: '/api/entite',
          token,
          payload: { id: entity.id, code: entity.code, nom: entity.nom, type, etat: 'S' },
        },
        200,
      );
    }
    return {
      id: entity.id,
      code: entity.code,
      nom: entity.nom,
      type,
      members,
      managers,
      member: members[0]!,
      manager: managers[0]!,
    };
  }

  let union: Promise<Lodge> | undefined;
  /**
   * The Union (there is only one), created the first time with these fields: by default one staff
   * member who manages the reservations (PLANNING, gestion) and is e-mailed about them.
   */
  const theUnion = (fields: Omit<LodgeFields, 'type'> = {}) =>
    (union ??= aLodgeWithMembers({
      code: 'UNION',
      nom: "L'Union",
      members: [{ identifiant: 'staff', habilitations: ['USER', 'PLANNING'], flags: { gestion: true } }],
      ...fields,
      type: 'UN',
    }));

  /** A bookable room (POST /api/parametres/salles as the operator); `active: false` for a retired one. */
  async function aRoom(fields: Partial<Omit<Room, 'id'>> = {}): Promise<Room> {
    const { token } = await asOperator();
    return ok<Room>({
      method: 'POST',
      url: '/api/parametres/salles',
      token,
      payload: {
        nom: `Temple n° ${next()}`,
        capacite: 50,
        couleur: '#1c7ed6',
        tarifHoraire: 3000,
        active: true,
        ...fields,
      },
    });
  }

  let dayOffset = 30;
  let closureOffset = 400;
  /** A day of its own, a month ahead of the app's today, so nothing is in the past or taken. */
  const aDay = () => addDays(t.clock.today(), dayOffset++);
  /** A day of its own further ahead, for a closure: never one `aDay()` gives to a booking. */
  const aClosureDay = () => addDays(t.clock.today(), closureOffset++);

  /** A closed day (POST /api/fermeture/{date} by the Union staff). */
  async function aClosure(fields: { day?: string; motif?: string } = {}): Promise<string> {
    const day = fields.day ?? aClosureDay();
    const { member: staff } = await theUnion();
    await ok({
      method: 'POST',
      url: `/api/fermeture/${day}`,
      token: staff.token,
      payload: { motif: fields.motif ?? 'Travaux' },
    });
    return day;
  }

  const act = (token: string, action: ReservationChangeAction, id: number) =>
    ok<Reservation>({ method: 'PUT', url: `/api/reservation?action=${action}`, token, payload: { id } }, 200);

  /** A reservation brought to its state through the workflow, as its requester and the Union staff. */
  async function aReservation(fields: ReservationFields = {}): Promise<Reservation> {
    const entity = fields.entity ?? (await aLodgeWithMembers({ members: [BOOKER] }));
    const by = fields.by ?? entity.member;
    const room = fields.room ?? (await aRoom());
    const requested = await ok<Reservation>({
      method: 'POST',
      url: '/api/reservation',
      token: by.token,
      payload: {
        idSalle: typeof room === 'number' ? room : room.id,
        idEntite: entity.id,
        date: fields.day ?? aDay(),
        heureDebut: fields.start ?? '19:00',
        heureFin: fields.end ?? '21:00',
        type: fields.type ?? 'TC',
        libelle: fields.libelle ?? 'Tenue au 1er degré',
        participants: fields.participants ?? 40,
        commentaire: fields.commentaire ?? null,
      },
    });
    const state = fields.state ?? 'DC';
    if (state === 'DC' || requested.etat === state) return requested;
    if (state === 'SU') return act(by.token, 'CANCEL_CREATION', requested.id);
    const { member: staff } = await theUnion();
    const confirmed =
      requested.etat === 'CR' ? requested : await act(staff.token, 'ACCEPT_CREATION', requested.id);
    if (state === 'CR') return confirmed;
    return act(by.token, 'ASK_DELETION', requested.id);
  }

  /** An open meal with its dishes (POST /api/repas and /plat as the cook); the dish ids in order. */
  async function aMeal(fields: MealFields = {}): Promise<{ meal: Meal; dishes: number[] }> {
    const day = fields.day ?? aDay();
    const { token } = fields.chef ?? (await defaultChef());
    const meal = await ok<Meal>({
      method: 'POST',
      url: '/api/repas',
      token,
      payload: {
        date: day,
        type: fields.type ?? 'M',
        titre: fields.titre ?? 'Blanquette de veau',
        places: fields.places ?? 40,
        limite: fields.limite ?? `${day}T10:00`,
        ouvert: fields.ouvert ?? true,
        ...(fields.session === undefined ? {} : { idReservation: fields.session }),
      },
    });
    const dishes: number[] = [];
    for (const dish of fields.dishes ?? [
      { type: 'M', libelle: 'Menu du jour', prix: 1800 },
      { type: 'C', libelle: 'Café', prix: 150 },
    ]) {
      dishes.push(
        (
          await ok<{ id: number }>({
            method: 'POST',
            url: `/api/repas/${meal.id}/plat`,
            token,
            payload: dish,
          })
        ).id,
      );
    }
    return { meal, dishes };
  }

  /** A document with its PDF (the multipart POST the screen sends); its detail as the API answers it. */
  async function aDocument(fields: DocumentFields): Promise<DocumentDetail> {
    const titre = fields.titre ?? `Document n° ${next()}`;
    const body = multipartBody(
      {
        type: fields.type ?? 'V',
        titre,
        date: fields.date ?? t.clock.today(),
        idEntite: fields.entity,
        audience: fields.audience ?? 'ENTITE',
      },
      { name: fields.fileName ?? 'document.pdf', content: await pdfWith(fields.text ?? titre) },
    );
    return ok<DocumentDetail>({
      method: 'POST',
      url: API.documents.document,
      token: fields.by.token,
      payload: body.payload,
      headers: body.headers,
    });
  }

  /** An accounting order (POST /api/compta/commande), issued if asked; its detail as the API answers it. */
  async function anOrder(fields: OrderFields): Promise<OrderDetail> {
    const { token } = fields.by;
    const created = await ok<OrderDetail>({
      method: 'POST',
      url: '/api/compta/commande',
      token,
      payload: {
        type: fields.type ?? 'S',
        idEntite: fields.entity,
        annee: fields.annee ?? Number(t.clock.today().slice(0, 4)),
        objet: fields.objet ?? 'Prestation',
        devis: fields.devis ?? false,
        ...(fields.tranche ? { tranche: fields.tranche } : {}),
        lignes: fields.lignes ?? [{ libelle: 'Location Temple Hiram', quantite: 2, prixUnitaire: 3000 }],
      },
    });
    if (!fields.issued) return created;
    return ok<OrderDetail>(
      { method: 'PUT', url: '/api/compta/commande?action=FACTURE_SENT', token, payload: { id: created.id } },
      200,
    );
  }

  return {
    aUser,
    aMember,
    aMembership,
    aLodgeWithMembers,
    theUnion,
    aRoom,
    aDay,
    aClosureDay,
    aClosure,
    aReservation,
    aMeal,
    aDocument,
    anOrder,
    /** A suffix no other builder call gives, for the names and codes a test writes itself. */
    unique: () => String(next()),
  };
}
