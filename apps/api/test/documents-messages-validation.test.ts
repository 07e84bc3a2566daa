/**
 * The 412 messages of the documents' and messages' forms (PUT /api/document, POST and PUT
 * /api/diffusion): each problem is one French sentence that names its field once (« Titre : indiquez le
 * titre du document. »), never the field's code beside its label (« Champ « titre » : Titre : … »), never
 * a Zod default, and one problem per field.
 */
import { API } from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createEntity, createTestContext, createUser, type TestContext } from './helpers';

let t: TestContext;
let token: string;
let lodge: number;

beforeAll(async () => {
  t = await createTestContext();
  lodge = (await createEntity(t.db, { code: 'LCR' })).id;
  const user = await createUser(t.db, {
    identifiant: 'secretaire',
    habilitations: ['USER', 'LOGE', 'DIFFUSION', 'DOCUMENTS_LECTURE'],
  });
  await addMembership(t.db, { userId: user.id, entityId: lodge, gestion: true });
  token = await t.signIn('secretaire');
});
afterAll(() => t.close());

const documentInput = (over: Record<string, unknown> = {}) => ({
  id: 1,
  type: 'V',
  titre: 'Convocation',
  date: '2026-03-03',
  idEntite: lodge,
  audience: 'ENTITE',
  ...over,
});
const messageInput = (over: Record<string, unknown> = {}) => ({
  titre: 'Travaux',
  texte: 'Le temple est fermé.',
  niveau: 'info',
  debut: '2026-03-01',
  fin: null,
  tous: true,
  entites: [],
  statut: 'A',
  ...over,
});

/** A label, « : », then the explanation in lower case: the field is named once, in French. */
const CLEAN = /^(\p{Lu}[\p{L}'’ -]{0,30}) : (?!\p{Lu}[\p{L}'’ -]{0,30} : )\P{Lu}/u;

/** Every detail of the 412 reads cleanly; returns them. */
async function problems(method: 'POST' | 'PUT', url: string, payload: unknown): Promise<string[]> {
  const response = await t.call({ method, url, token, payload });
  expect(response.statusCode).toBe(412);
  const body = response.json<{ message: string; details: string[] }>();
  for (const detail of body.details) {
    expect(detail).toMatch(CLEAN);
    expect(detail).not.toMatch(/Champ «|Entrée invalide|Trop (petit|grand)|attendu|reçu|[a-z][A-Z]/);
  }
  // The headline is the first detail (and how many others remain).
  expect(body.message.startsWith(body.details[0]!)).toBe(true);
  return body.details;
}

describe('PUT /api/document', () => {
  it('names a field once: « Titre : indiquez le titre du document. »', async () => {
    const response = await t.call({
      method: 'PUT',
      url: API.documents.document,
      token,
      payload: documentInput({ titre: '  ' }),
    });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toBe('Titre : indiquez le titre du document.');
  });

  it('an empty body: one clean sentence per field', async () => {
    const details = await problems('PUT', API.documents.document, {});
    expect(details).toEqual([
      'Type : choisissez un type de document.',
      'Titre : indiquez le titre du document.',
      'Date : indiquez la date du document.',
      "Entité : choisissez l'entité qui publie le document.",
      'Destinataires : choisissez « membres de l’entité » ou « tout le monde ».',
      "Document : l'identifiant doit être un nombre entier positif (tel que l'application l'envoie).",
    ]);
  });

  it('every field wrong at once, and one problem per field', async () => {
    const details = await problems(
      'PUT',
      API.documents.document,
      documentInput({
        id: 'x',
        type: 'Z',
        titre: 5,
        date: 'demain',
        idEntite: 'abc',
        audience: 'X',
        idReservation: -3,
      }),
    );
    expect(details).toHaveLength(7);
    expect(details).toContain('Date : elle doit être au format aaaa-mm-jj.');
    expect(details).toContain('Tenue : choisissez une tenue du planning.');
  });

  it('a date out of range says so once, in lower case after its label', async () => {
    expect(await problems('PUT', API.documents.document, documentInput({ date: '0000-13-01' }))).toEqual([
      "Date : cette date n'existe pas.",
    ]);
    expect(await problems('PUT', API.documents.document, documentInput({ date: '1850-01-01' }))).toEqual([
      "Date : l'année doit être comprise entre 1900 et 2200.",
    ]);
  });
});

describe('POST and PUT /api/diffusion', () => {
  it('names a field once: « Titre : indiquez un titre. »', async () => {
    expect(await problems('POST', API.messages.message, messageInput({ titre: '' }))).toEqual([
      'Titre : indiquez un titre.',
    ]);
    expect(await problems('POST', API.messages.message, messageInput({ fin: '2026-02-01' }))).toEqual([
      'Fin : la date de fin ne peut précéder la date de début.',
    ]);
    expect(await problems('POST', API.messages.message, messageInput({ tous: false }))).toEqual([
      'Destinataires : choisissez au moins une entité, ou « tout le monde ».',
    ]);
  });

  it('every field wrong at once, and one problem per field', async () => {
    const details = await problems(
      'POST',
      API.messages.message,
      messageInput({
        titre: '',
        texte: 3,
        niveau: 'rouge',
        debut: '2026-13-45',
        fin: 3,
        tous: 'oui',
        entites: ['a', 0],
        statut: 'Z',
        email: 'oui',
      }),
    );
    expect(details).toEqual([
      'Titre : indiquez un titre.',
      'Texte : écrivez le message.',
      'Niveau : choisissez le niveau « information », « avertissement » ou « alerte ».',
      "Début : cette date n'existe pas.",
      'Fin : indiquez une date.',
      'Destinataires : choisissez « tout le monde » ou des entités.',
      // Two wrong ids, one sentence: the same problem is not said twice.
      'Destinataires : choisissez les entités dans la liste.',
      'Statut : choisissez le statut « actif » ou « inactif ».',
      'Envoi par e-mail : indiquez si le message est aussi envoyé par e-mail.',
    ]);
  });

  it('PUT: the id and the fields, each named once', async () => {
    expect(await problems('PUT', API.messages.message, messageInput({ id: 'x' }))).toEqual([
      "Message : l'identifiant doit être un nombre entier positif (tel que l'application l'envoie).",
    ]);
    const details = await problems('PUT', API.messages.message, {});
    expect(details[0]).toBe(
      "Message : l'identifiant doit être un nombre entier positif (tel que l'application l'envoie).",
    );
    expect(details).toContain('Titre : indiquez un titre.');
  });
});
