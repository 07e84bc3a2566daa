/**
 * The two versions of a batch's pain.008 file (issue 34 §4): 001.02, the default, and 001.08, asked with
 * `?version=001.08`. One writer (compta/sepa/pain008.ts): each version's file, with a BIC and with a debtor
 * without one (« NOTPROVIDED »), is valid against ISO 20022's own XSD of that version
 * (test/fixtures/sepa), which does fail a broken file; a version the API does not write is refused in
 * French. On PGlite and PostgreSQL (the HTTP part reads a batch from the database).
 */
import {
  PAIN008_VERSION_MESSAGE,
  PAIN008_VERSIONS,
  type SepaBatchReport,
  type UnionSettings,
} from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pain008, type PainBatch } from '../src/modules/compta/sepa/pain008';
import { builders, type Builders, type Person } from './builders';
import { createTestContext, movableClock, type TestContext } from './helpers';
import { painSchemaErrors } from './sepa-schema';

const ICS = 'FR72ZZZ123456';

/** A batch of both sequences: a debtor with a BIC, one without, a name with accents and too long. */
const BATCH: PainBatch = {
  messageId: 'PRLV-2026-0008',
  creeLe: '2026-11-23T10:00:00.000Z',
  datePrelevement: '2026-12-07',
  creancier: 'Union des Loges de Lyon',
  ics: ICS,
  iban: 'FR7630004000031234567890143',
  bic: 'BNPAFRPPXXX',
  debits: [
    {
      endToEndId: 'FA-2026-0001',
      montant: 36_000,
      sequence: 'FRST',
      rum: 'UNION-CHEV-001',
      dateSignature: '2026-10-01',
      debiteur: 'Les Chevaliers du Rhône',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      libelle: 'Cotisations - facture FA-2026-0001',
    },
    {
      endToEndId: 'FA-2026-0002',
      montant: 12_550,
      sequence: 'RCUR',
      rum: 'UNION-TP-001',
      dateSignature: '2025-09-15',
      debiteur: `Tolérance et Progrès & les Écossais Réunis ${'très '.repeat(20)}`,
      iban: 'FR7630006000011234567890189',
      bic: null,
      libelle: 'Cotisations - facture FA-2026-0002',
    },
  ],
};

describe('one writer, two versions, each valid against its own XSD', () => {
  // What tells the versions apart in the file: its namespace and the name of a bank's BIC.
  const table = [
    { version: '001.02', bic: 'BIC', other: 'BICFI' },
    { version: '001.08', bic: 'BICFI', other: 'BIC' },
  ] as const;

  it.each(table)('pain.008.$version', async ({ version, bic, other }) => {
    for (const creditorBic of ['BNPAFRPPXXX', null]) {
      const xml = pain008({ ...BATCH, bic: creditorBic }, version);
      expect(await painSchemaErrors(xml, version)).toEqual([]);
      expect(xml).toContain(`xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.${version}"`);
      expect(xml).toContain(`<${bic}>AGRIFRPP</${bic}>`);
      expect(xml).not.toContain(`<${other}>`);
      expect(xml).toMatch(/<Othr>\s*<Id>NOTPROVIDED<\/Id>/);
      expect(xml).toContain('<ReqdColltnDt>2026-12-07</ReqdColltnDt>');
      expect(xml).toContain('<CreDtTm>2026-11-23T10:00:00Z</CreDtTm>');
      expect(xml).toContain(
        '<Nm>Tolerance et Progres les Ecossais Reunis tres tres tres tres tres tres</Nm>',
      );
    }
  });

  it('fails a broken file, and a file of the other version', async () => {
    const v08 = pain008(BATCH, '001.08');
    expect(await painSchemaErrors(v08.replaceAll('BICFI>', 'BIC>'), '001.08')).not.toEqual([]);
    expect(
      await painSchemaErrors(v08.replace('<PmtMtd>DD</PmtMtd>', '<PmtMtd>TRF</PmtMtd>'), '001.08'),
    ).not.toEqual([]);
    expect(
      await painSchemaErrors(v08.replace('<SeqTp>FRST</SeqTp>', '<SeqTp>FIRST</SeqTp>'), '001.08'),
    ).not.toEqual([]);
    expect(await painSchemaErrors(v08, '001.02')).not.toEqual([]);
    expect(await painSchemaErrors(pain008(BATCH, '001.02'), '001.08')).not.toEqual([]);
  });
});

describe('GET /api/compta/banque/prelevements/:id/pain008?version=', () => {
  const clock = movableClock('2026-11-23T10:00:00Z');
  let t: TestContext;
  let b: Builders;
  let tresorier: Person;
  let lecteur: Person;
  let batch: SepaBatchReport['lot'];

  const fileOf = (id: number, query = '') =>
    t.call({
      method: 'GET',
      url: `/api/compta/banque/prelevements/${id}/pain008${query}`,
      token: lecteur.token,
    });

  beforeAll(async () => {
    t = await createTestContext({}, { clock });
    b = builders(t);
    const admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
    tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
    lecteur = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE'] });
    const settings = await t.call({ method: 'GET', url: '/api/parametres/union', token: admin.token });
    const saved = await t.call({
      method: 'PUT',
      url: '/api/parametres/union',
      token: admin.token,
      payload: {
        ...(settings.json() as UnionSettings),
        ics: ICS,
        comptesBancaires: [
          { nom: 'Compte courant', iban: 'FR7630004000031234567890143', bic: 'BNPAFRPPXXX', compte: '5121' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Two lodges under a mandate: one with its bank's BIC, one without (the file says « NOTPROVIDED »).
    for (const [nom, rum, bic] of [
      ['Les Chevaliers du Rhône', 'UNION-CHEV-001', 'agrifrpp'],
      ['Tolérance et Progrès', 'UNION-TP-001', ''],
    ] as const) {
      const lodge = await b.aLodgeWithMembers({ nom, managers: 1, emailFacturation: 'tresor@loge.fr' });
      const mandate = await t.call({
        method: 'POST',
        url: '/api/compta/banque/mandats',
        token: tresorier.token,
        payload: {
          idEntite: lodge.id,
          rum,
          dateSignature: '2026-10-01',
          debiteur: nom,
          iban: 'FR76 3000 6000 0112 3456 7890 189',
          bic,
        },
      });
      expect(mandate.statusCode, mandate.body).toBe(201);
      await b.anOrder({
        by: tresorier,
        entity: lodge.id,
        issued: true,
        lignes: [{ libelle: 'Cotisations', quantite: 1, prixUnitaire: 12_000 }],
      });
    }
    const made = await t.call({
      method: 'POST',
      url: '/api/compta/banque/prelevements',
      token: tresorier.token,
      payload: { datePrelevement: '2026-12-07' },
    });
    expect(made.statusCode, made.body).toBe(201);
    batch = (made.json() as SepaBatchReport).lot;
    expect(batch.lignes).toHaveLength(2);
  });
  afterAll(() => t?.close());

  it('writes 001.08 when asked, valid against its XSD, named for its version', async () => {
    const file = await fileOf(batch.id, '?version=001.08');
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(`${batch.reference}.pain008.001.08.xml`);
    expect(await painSchemaErrors(file.body, '001.08')).toEqual([]);
    expect(file.body).toContain('<BICFI>BNPAFRPPXXX</BICFI>');
    expect(file.body).toContain('<BICFI>AGRIFRPP</BICFI>');
    expect(file.body).toContain('<Id>NOTPROVIDED</Id>');
    expect(file.body).not.toContain('<BIC>');
    expect(await painSchemaErrors(file.body.replace('<BICFI>AGRIFRPP', '<BICFI>agri'), '001.08')).not.toEqual(
      [],
    );
  });

  it('writes 001.02 without a version, the same file as asked by name', async () => {
    const plain = await fileOf(batch.id);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-disposition']).toContain(`${batch.reference}.pain008.001.02.xml`);
    expect(await painSchemaErrors(plain.body, '001.02')).toEqual([]);
    expect(plain.body).toContain('<BIC>AGRIFRPP</BIC>');
    expect((await fileOf(batch.id, '?version=001.02')).body).toBe(plain.body);
  });

  it('refuses another version in French, and still says an unknown batch is not found', async () => {
    expect(PAIN008_VERSIONS).toEqual(['001.02', '001.08']);
    for (const query of ['?version=001.09', '?version=1.08', '?version=', '?version=001.02&version=001.08']) {
      const refused = await fileOf(batch.id, query);
      expect(refused.statusCode, query).toBe(412);
      expect(refused.json().message, query).toContain(PAIN008_VERSION_MESSAGE);
    }
    expect((await fileOf(999_999, '?version=001.08')).statusCode).toBe(404);
  });
});
