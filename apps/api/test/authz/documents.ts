/**
 * Authorization rows of the documents and messages modules (issue 10). Documents of the own lodge are
 * published by venerable for its members; those of the other lodge by admin (Union staff). Each row that
 * changes something publishes its own document or message.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { multipartBody } from '../documents-helpers';
import { allow, everyone, signedIn, type AuthzRow } from './rows';
import type { World } from './world';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const fields = (idEntite: number) => ({
  type: 'V',
  titre: 'Convocation',
  date: '2026-03-03',
  idEntite,
  audience: 'ENTITE',
});

const upload = (idEntite: number) =>
  multipartBody(fields(idEntite), { name: 'convocation.pdf', content: PDF });

/** A document of the own lodge (published by venerable) or of the other lodge (by admin). */
async function newDocument(w: World, where: 'own' | 'other'): Promise<number> {
  const body = upload(where === 'own' ? w.lodge : w.otherLodge);
  const response = await w.t.call({
    method: 'POST',
    url: '/api/document',
    token: where === 'own' ? w.tokens.venerable : w.tokens.admin,
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`publishing failed: ${response.body}`);
  return response.json<{ id: number }>().id;
}

/** A document of the own lodge distributed to membre (whose notification is turned on for it). */
async function distributedDocument(w: World): Promise<number> {
  await w.t.db.update(users).set({ notificationDocuments: true }).where(eq(users.id, w.ids.membre));
  const id = await newDocument(w, 'own');
  const response = await w.t.call({
    method: 'POST',
    url: `/api/document/${id}/diffusion`,
    token: w.tokens.venerable,
  });
  if (response.statusCode !== 200) throw new Error(`distributing failed: ${response.body}`);
  return id;
}

const MESSAGE = {
  titre: 'Travaux',
  texte: 'Le temple est fermé.',
  niveau: 'warning',
  debut: '2020-01-01',
  fin: null,
  tous: true,
  entites: [],
  statut: 'A',
};

async function newMessage(w: World): Promise<number> {
  const response = await w.t.call({
    method: 'POST',
    url: '/api/diffusion',
    token: w.tokens.secretariat,
    payload: MESSAGE,
  });
  if (response.statusCode !== 201) throw new Error(`writing the message failed: ${response.body}`);
  return response.json<{ id: number }>().id;
}

const publishers = { admin: 200, secretariat: 200, venerable: 200 } as const;
const writers = { admin: 200, secretariat: 200 } as const;

export const rows: AuthzRow[] = [
  { route: 'GET /api/document/all', request: () => ({ url: '/api/document/all' }), expect: signedIn(200) },
  {
    route: 'GET /api/document/:id/infos',
    scope: 'own lodge, for its members',
    request: async (w) => ({ url: `/api/document/${await newDocument(w, 'own')}/infos` }),
    expect: allow({ ...publishers, membre: 200 }),
  },
  {
    route: 'GET /api/document/:id/infos',
    scope: 'other lodge, for its members',
    request: async (w) => ({ url: `/api/document/${await newDocument(w, 'other')}/infos` }),
    expect: allow(writers),
  },
  {
    route: 'POST /api/document',
    scope: 'own lodge',
    request: (w) => ({ url: '/api/document', ...upload(w.lodge) }),
    expect: allow({ admin: 201, secretariat: 201, venerable: 201 }),
  },
  {
    route: 'POST /api/document',
    scope: 'other lodge',
    request: (w) => ({ url: '/api/document', ...upload(w.otherLodge) }),
    expect: allow({ admin: 201, secretariat: 201 }),
  },
  {
    route: 'PUT /api/document',
    scope: 'own lodge',
    tries: ['body.idEntite', 'body.audience'],
    request: async (w) => ({
      url: '/api/document',
      payload: { ...fields(w.lodge), id: await newDocument(w, 'own'), titre: 'Modifiée' },
    }),
    expect: allow(publishers),
  },
  {
    route: 'PUT /api/document',
    scope: 'own lodge, tied to its session',
    tries: ['body.idEntite', 'body.audience', 'body.idReservation'],
    request: async (w) => ({
      url: '/api/document',
      payload: { ...fields(w.lodge), id: await newDocument(w, 'own'), idReservation: w.reservation.own },
    }),
    expect: allow(publishers),
  },
  {
    route: 'PUT /api/document',
    scope: 'own lodge, moved to the other lodge',
    tries: ['body.idEntite'],
    request: async (w) => ({
      url: '/api/document',
      payload: { ...fields(w.otherLodge), id: await newDocument(w, 'own') },
    }),
    // venerable publishes for the lodge only: not for the other lodge, even by moving a document there.
    expect: allow({ admin: 200, secretariat: 200 }),
  },
  {
    route: 'DELETE /api/document/:id',
    scope: 'own lodge',
    request: async (w) => ({ url: `/api/document/${await newDocument(w, 'own')}` }),
    expect: allow({ admin: 204, secretariat: 204, venerable: 204 }),
  },
  {
    // Issue 21: how many a distribution would reach, for those who may distribute it.
    route: 'GET /api/document/:id/diffusion',
    scope: 'own lodge',
    request: async (w) => ({ url: `/api/document/${await newDocument(w, 'own')}/diffusion` }),
    expect: allow(publishers),
  },
  {
    route: 'POST /api/document/:id/diffusion',
    scope: 'own lodge',
    request: async (w) => {
      await w.t.db.update(users).set({ notificationDocuments: true }).where(eq(users.id, w.ids.membre));
      return { url: `/api/document/${await newDocument(w, 'own')}/diffusion` };
    },
    expect: allow(publishers),
  },
  {
    route: 'DELETE /api/document/:id/diffusion',
    scope: 'own lodge, e-mails pending',
    request: async (w) => ({ url: `/api/document/${await distributedDocument(w)}/diffusion` }),
    expect: allow(publishers),
  },
  {
    route: 'GET /api/fichier/:id',
    scope: 'own lodge, for its members',
    request: async (w) => ({ url: `/api/fichier/${await newDocument(w, 'own')}` }),
    expect: allow({ ...publishers, membre: 200 }),
  },
  {
    route: 'GET /api/fichier/:id',
    scope: 'other lodge, for its members',
    request: async (w) => ({ url: `/api/fichier/${await newDocument(w, 'other')}` }),
    expect: allow(writers),
  },
  {
    route: 'GET /api/files/:name',
    scope: 'the members import template (LOGE or ADMIN)',
    request: () => ({ url: '/api/files/modele-import-membres.csv' }),
    expect: allow({ admin: 200, venerable: 200 }),
  },
  {
    route: 'POST /api/public/desinscription-documents',
    scope: 'public, a forged token',
    request: () => ({
      url: `/api/public/desinscription-documents?jeton=1.${'A'.repeat(43)}`,
      token: null,
      noXsrf: true,
    }),
    expect: everyone(412),
  },
  {
    route: 'GET /api/diffusion/appli',
    request: () => ({ url: '/api/diffusion/appli' }),
    expect: signedIn(200),
  },
  { route: 'GET /api/diffusion/all', request: () => ({ url: '/api/diffusion/all' }), expect: allow(writers) },
  {
    route: 'GET /api/diffusion/:id/infos',
    request: async (w) => ({ url: `/api/diffusion/${await newMessage(w)}/infos` }),
    expect: allow(writers),
  },
  {
    route: 'POST /api/diffusion',
    tries: ['body.tous', 'body.entites', 'body.statut'],
    request: () => ({ url: '/api/diffusion', payload: MESSAGE }),
    expect: allow({ admin: 201, secretariat: 201 }),
  },
  {
    route: 'PUT /api/diffusion',
    tries: ['body.tous', 'body.entites', 'body.statut'],
    request: async (w) => ({ url: '/api/diffusion', payload: { ...MESSAGE, id: await newMessage(w) } }),
    expect: allow(writers),
  },
  {
    route: 'DELETE /api/diffusion/:id',
    request: async (w) => ({ url: `/api/diffusion/${await newMessage(w)}` }),
    expect: allow({ admin: 204, secretariat: 204 }),
  },
  {
    route: 'POST /api/diffusion/destinataires',
    scope: 'the count of a message for everyone',
    request: () => ({ url: '/api/diffusion/destinataires', payload: { tous: true } }),
    expect: allow({ admin: 200, secretariat: 200 }),
  },
  {
    route: 'POST /api/diffusion/:id/masquer',
    scope: 'a message for everyone',
    request: async (w) => ({ url: `/api/diffusion/${await newMessage(w)}/masquer` }),
    expect: signedIn(204),
  },
];
