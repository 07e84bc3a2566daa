import { HABILITATION_CODES } from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema';
import { builders, type Builders } from './builders';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
let member: string;
let admin: string;

// One world built once, only read by the tests below; what a test changes (the outbox, a session it
// ends) is its own.
beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  // Lucie joins the lodge before it is put to sleep: the API adds nobody to a deleted entity.
  const closed = await b.aLodgeWithMembers({
    nom: 'Loge en sommeil',
    etat: 'S',
    members: [{ identifiant: 'lucie', flags: { gestion: true } }],
  });
  const lucie = closed.member;
  const lodge = await b.aLodgeWithMembers({ nom: 'Les Chevaliers du Rhône', members: [] });
  const other = await b.aLodgeWithMembers({ nom: 'Tolérance et Progrès', members: [] });
  const ended = await b.aLodgeWithMembers({ nom: 'Ancienne loge', members: [] });
  await b.aMembership(lodge.id, lucie, {
    flags: { gestion: true, reservation: true, restauration: true, carteLoge: true },
  });
  await b.aMembership(other.id, lucie, { flags: { restauration: true } });
  await b.aMembership(ended.id, lucie, { flags: { gestion: true }, fin: '2020-08-31' });
  await b.aRoom({ nom: 'Temple Hiram', tarifHoraire: 4500 });
  await b.aRoom({ nom: 'Salle Voltaire', active: false });
  member = lucie.token;
  admin = (await b.aUser({ identifiant: 'root', habilitations: ['USER', 'ADMIN'] })).token;
});
afterAll(() => t.close());

describe('GET /api/parametres/droits and /salles', () => {
  it('answer 401 without a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/parametres/droits' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/parametres/salles' })).statusCode).toBe(401);
  });

  it('serve every habilitation with its French label and description', async () => {
    const droits = (await t.call({ method: 'GET', url: '/api/parametres/droits', token: member })).json();
    expect(droits.map((d: { code: string }) => d.code)).toEqual(HABILITATION_CODES);
    expect(droits.find((d: { code: string }) => d.code === 'LOGE')).toMatchObject({
      libelle: 'Gestion Loge',
    });
    expect(droits.every((d: { description: string }) => d.description.length > 10)).toBe(true);
  });

  it('serve the rooms sorted by name with their hourly rate in cents', async () => {
    const salles = (await t.call({ method: 'GET', url: '/api/parametres/salles', token: member })).json();
    expect(salles).toEqual([
      expect.objectContaining({ nom: 'Salle Voltaire', active: false }),
      expect.objectContaining({ nom: 'Temple Hiram', tarifHoraire: 4500, active: true }),
    ]);
  });
});

describe('GET /api/user/entites/{purpose}', () => {
  it('answers 401 without a session and 412 for an unknown purpose', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user/entites/gestion' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/user/entites/cuisine', token: member })).statusCode,
    ).toBe(412);
  });

  it.each([
    ['gestion', ['Les Chevaliers du Rhône']],
    ['reservation', ['Les Chevaliers du Rhône']],
    ['restauration', ['Les Chevaliers du Rhône', 'Tolérance et Progrès']],
    ['carte_loge', ['Les Chevaliers du Rhône']],
  ])('lists the active entities of current memberships with the %s flag', async (purpose, names) => {
    const response = await t.call({ method: 'GET', url: `/api/user/entites/${purpose}`, token: member });
    expect(response.json().map((e: { nom: string }) => e.nom)).toEqual(names);
  });
});

describe('GET /api/admin/emails', () => {
  it('answers 401, then 403 without ADMIN, then the outbox', async () => {
    // An e-mail of its own, written straight to the outbox: the list is checked for it alone.
    const destinataire = `x${b.unique()}@exemple.fr`;
    await t.db.insert(emailOutbox).values({ destinataire, sujet: 'Sujet', texte: 'Texte' });
    expect((await t.call({ method: 'GET', url: '/api/admin/emails' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/admin/emails', token: member })).statusCode).toBe(403);
    const response = await t.call({ method: 'GET', url: '/api/admin/emails', token: admin });
    expect(response.statusCode).toBe(200);
    const mine = response.json().filter((e: { destinataire: string }) => e.destinataire === destinataire);
    expect(mine).toEqual([
      expect.objectContaining({
        destinataire,
        sujet: 'Sujet',
        statut: 'P',
        tentatives: 0,
        envoyeLe: null,
      }),
    ]);
  });
});

describe('the HTTP surface', () => {
  it('answers 404 in the error shape for an unknown /api path', async () => {
    const response = await t.call({ method: 'GET', url: '/api/nimporte/quoi', token: member });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, error: 'not_found' });
  });

  it('answers 412, not 500, for a malformed JSON body', async () => {
    const response = await t.call({
      method: 'PATCH',
      url: '/api/user/telephone',
      token: member,
      payload: '{"data": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(/mal formée/);
  });

  it('sends the security headers', async () => {
    const response = await t.call({ method: 'GET', url: '/api/parametres/droits', token: member });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('serves the OpenAPI reference generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.paths['/oauth/token'].post).toBeDefined();
    expect(spec.paths['/api/user/info'].get.responses['200']).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('empty JSON bodies', () => {
  it('treats an empty body labelled application/json as no body', async () => {
    // Signs out: a session of its own, not the one the other tests call with.
    const { token } = await b.aUser();
    const response = await t.call({
      method: 'DELETE',
      url: '/oauth/token',
      token,
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
  });
});
