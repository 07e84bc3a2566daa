/**
 * Issued documents are fixed records (issue 31): an invoice's PDF with its Factur-X, a credit note's, a
 * quote's once out of draft, are rendered once and every download, e-mail and reminder serves the same
 * bytes, whatever happens after (payments, credit notes, reversals, a draft's edits). What is paid and
 * due today is the account's, never the issued document's.
 */
import { createHash } from 'node:crypto';
import type { OrderDetail } from '@union/contract';
import { and, desc, eq } from 'drizzle-orm';
import { getDocument } from 'unpdf/pdfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAttachments, emailOutbox, issuedDocuments } from '../src/db/schema';
import { builders, type Builders, type Lodge, type Person } from './builders';
import { schemaErrors } from './facturx-schema';
import { createTestContext, movableClock, type TestContext } from './helpers';
import { pdfText } from './pdf-text';

const clock = movableClock('2026-11-23T10:00:00Z');

let t: TestContext;
let b: Builders;
let tresorier: Person;
let lodge: Lodge;

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  lodge = await b.aLodgeWithMembers({
    nom: 'Les Chevaliers du Rhône',
    adresseFacturation: '12 rue Sainte-Catherine\n69001 Lyon',
    emailFacturation: 'tresorerie@chevaliers.example',
  });
});
afterAll(() => t.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function act(action: string, payload: Record<string, unknown>): Promise<OrderDetail> {
  const response = await t.call({
    method: 'PUT',
    url: `/api/compta/commande?action=${action}`,
    token: tresorier.token,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderDetail>();
}

async function download(url: string): Promise<Buffer> {
  const response = await t.call({ method: 'GET', url, token: tresorier.token });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}
const invoiceOf = (id: number) => download(`/api/compta/commande/${id}/document/facture`);
const invoiceOnAccount = (id: number) =>
  download(`/api/loge/${lodge.id}/compte/commande/${id}/document/facture`);

/** The PDF attached to the last e-mail whose attachment is named `nom`. */
async function attached(nom: string): Promise<Buffer> {
  const [file] = await t.db
    .select({ contenu: emailAttachments.contenuBase64 })
    .from(emailAttachments)
    .innerJoin(emailOutbox, eq(emailOutbox.id, emailAttachments.emailId))
    .where(eq(emailAttachments.nom, nom))
    .orderBy(desc(emailAttachments.id))
    .limit(1);
  expect(file, nom).toBeDefined();
  return Buffer.from(file!.contenu, 'base64');
}

/** The Factur-X XML a PDF carries, as pdf.js reads it out. */
async function facturx(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const found = ((await doc.getAttachments()) ?? {}) as Record<string, { content: Uint8Array }>;
  await doc.destroy();
  return Buffer.from(found['factur-x.xml']!.content).toString('utf8');
}
const element = (xml: string, name: string) =>
  xml.match(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`))?.[1];

describe('an issued invoice never changes', () => {
  it('issued, paid in part, credited in part, a payment reversed, reminded: the same bytes everywhere', async () => {
    const draft = await b.anOrder({
      by: tresorier,
      entity: lodge.id,
      objet: 'Location du temple',
      lignes: [
        { libelle: 'Location Temple Hiram', quantite: 2, prixUnitaire: 7500 },
        { libelle: 'Ménage', quantite: 1, prixUnitaire: 6050 },
      ],
    });
    clock.at = new Date('2026-09-15T10:00:00Z');
    const issued = await act('SEND_FACTURE', { id: draft.id });
    clock.at = new Date('2026-11-23T10:00:00Z');
    const name = `${issued.numeroFacture}.pdf`;
    const first = await invoiceOf(draft.id);
    const fingerprint = sha256(first);
    expect(sha256(await attached(name))).toBe(fingerprint);
    const [stored] = await t.db
      .select()
      .from(issuedDocuments)
      .where(eq(issuedDocuments.documentId, draft.id));
    expect(stored).toMatchObject({ kind: 'facture', sha256: fingerprint });

    const paid = await act('EDIT_PAYMENT', {
      id: draft.id,
      paiement: { mode: 'C', date: '2026-11-23', reference: 'CHQ 1', montant: 10000 },
    });
    await act('AVOIR_FACTURE', { id: draft.id, avoir: { montant: 5000 }, motif: 'Ménage non fait' });
    const reversed = await act('REVERSE_PAYMENT', {
      id: draft.id,
      paiementId: paid.paiements[0]!.id,
      motif: 'Chèque rejeté',
    });
    expect(reversed).toMatchObject({ etat: 'FE', du: 16050 });
    // Overdue (issued in September): the reminder attaches the invoice.
    await act('RELANCE_FACTURE', { id: draft.id });

    const later = await invoiceOf(draft.id);
    expect(sha256(later)).toBe(fingerprint);
    expect(sha256(await invoiceOnAccount(draft.id))).toBe(fingerprint);
    expect(sha256(await attached(name))).toBe(fingerprint);

    // What the invoice says is what it said at issue: its total due, nothing paid, no credit note counted.
    const xml = await facturx(later);
    for (const profile of ['EN16931', 'BASIC'] as const) expect(await schemaErrors(xml, profile)).toEqual([]);
    expect(element(xml, 'ram:GrandTotalAmount')).toBe('210.50');
    expect(element(xml, 'ram:TotalPrepaidAmount')).toBe('0.00');
    expect(element(xml, 'ram:DuePayableAmount')).toBe('210.50');
    const text = await pdfText(later);
    expect(text).not.toContain('Déjà réglé');
    expect(text).not.toContain('Reste à payer');
  });

  it('a credit note is the same file on both routes, in its e-mail and after later payments', async () => {
    const invoice = await b.anOrder({ by: tresorier, entity: lodge.id, issued: true });
    const noted = await act('AVOIR_FACTURE', { id: invoice.id, avoir: { montant: 1000 } });
    const note = noted.avoirs[0]!;
    const pdf = await download(`/api/compta/avoir/${note.id}/document`);
    await act('EDIT_PAYMENT', {
      id: invoice.id,
      paiement: { mode: 'V', date: '2026-11-23', reference: 'VIR 2', montant: 5000 },
    });
    expect(sha256(await download(`/api/compta/avoir/${note.id}/document`))).toBe(sha256(pdf));
    expect(sha256(await download(`/api/loge/${lodge.id}/compte/avoir/${note.id}`))).toBe(sha256(pdf));
    expect(sha256(await attached(`${note.numero}.pdf`))).toBe(sha256(pdf));
    const xml = await facturx(pdf);
    expect(element(xml, 'ram:TypeCode')).toBe('381');
    for (const profile of ['EN16931', 'BASIC'] as const) expect(await schemaErrors(xml, profile)).toEqual([]);
  });

  it('a quote once sent keeps its lines when its invoice draft is edited; a draft quote is rendered as it stands', async () => {
    const quote = await b.anOrder({ by: tresorier, entity: lodge.id, devis: true, objet: 'Banquet' });
    const url = `/api/compta/commande/${quote.id}/document/devis`;
    const draft = await download(url);
    await act('EDIT_DEVIS', {
      id: quote.id,
      objet: 'Banquet',
      lignes: [{ libelle: 'Banquet de 40 couverts', quantite: 40, prixUnitaire: 2500 }],
    });
    const sent = await download(url);
    expect(sha256(sent)).not.toBe(sha256(draft));
    expect(await pdfText(sent)).toContain('Banquet de 40 couverts');
    await act('SEND_DEVIS', { id: quote.id });
    expect(sha256(await attached(`${quote.numeroDevis}.pdf`))).toBe(sha256(await download(url)));
    const frozen = await download(url);
    await act('TRANSFORM_DEVIS', { id: quote.id });
    await act('EDIT_FACTURE', {
      id: quote.id,
      objet: 'Banquet',
      lignes: [{ libelle: 'Banquet de 55 couverts', quantite: 55, prixUnitaire: 2500 }],
    });
    const after = await download(url);
    expect(sha256(after)).toBe(sha256(frozen));
    expect(await pdfText(after)).toContain('Banquet de 40 couverts');
  });
});

describe('the stored documents', () => {
  it('are refused any change or removal by the database', async () => {
    const invoice = await b.anOrder({ by: tresorier, entity: lodge.id, issued: true });
    const where = `WHERE kind = 'facture' AND document_id = ${invoice.id}`;
    await expect(t.handle.exec(`DELETE FROM issued_documents ${where}`)).rejects.toThrow(/cannot be altered/);
    await expect(t.handle.exec(`UPDATE issued_documents SET pdf = 'x'::bytea ${where}`)).rejects.toThrow(
      /cannot be altered/,
    );
    await expect(
      t.handle.exec(
        `INSERT INTO issued_documents (kind, document_id, pdf) VALUES ('facture', ${invoice.id}, 'x')`,
      ),
    ).rejects.toThrow(/issued_documents_key|duplicate|unique/);
  });

  it('an invoice issued before they were kept is rendered at its first reading with what was known at issue, then kept', async () => {
    const invoice = await b.anOrder({ by: tresorier, entity: lodge.id, issued: true });
    // As before migration 0035: no stored bytes for it.
    await t.handle.exec('ALTER TABLE issued_documents DISABLE TRIGGER issued_documents_final');
    await t.handle.exec(
      `DELETE FROM issued_documents WHERE kind = 'facture' AND document_id = ${invoice.id}`,
    );
    await t.handle.exec('ALTER TABLE issued_documents ENABLE TRIGGER issued_documents_final');
    await act('EDIT_PAYMENT', {
      id: invoice.id,
      paiement: { mode: 'V', date: '2026-11-23', reference: 'VIR 3', montant: 2000 },
    });
    await act('AVOIR_FACTURE', { id: invoice.id, avoir: { montant: 1000 } });
    const first = await invoiceOnAccount(invoice.id);
    const xml = await facturx(first);
    expect(element(xml, 'ram:TotalPrepaidAmount')).toBe('0.00');
    expect(element(xml, 'ram:DuePayableAmount')).toBe('60.00');
    expect(await pdfText(first)).not.toContain('Déjà réglé');
    expect(sha256(await invoiceOf(invoice.id))).toBe(sha256(first));
  });

  it('first readings at once of such an invoice all answer the one copy kept', async () => {
    const invoice = await b.anOrder({ by: tresorier, entity: lodge.id, issued: true });
    await t.handle.exec('ALTER TABLE issued_documents DISABLE TRIGGER issued_documents_final');
    await t.handle.exec(
      `DELETE FROM issued_documents WHERE kind = 'facture' AND document_id = ${invoice.id}`,
    );
    await t.handle.exec('ALTER TABLE issued_documents ENABLE TRIGGER issued_documents_final');
    const pdfs = await Promise.all(Array.from({ length: 6 }, () => invoiceOf(invoice.id)));
    const kept = await t.db
      .select({ sha256: issuedDocuments.sha256 })
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.kind, 'facture'), eq(issuedDocuments.documentId, invoice.id)));
    expect(kept).toHaveLength(1);
    expect(new Set(pdfs.map(sha256))).toEqual(new Set([kept[0]!.sha256]));
  });
});
