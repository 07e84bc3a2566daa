/**
 * Factur-X: every issued invoice and credit note is a PDF/A-3 file carrying its EN 16931 XML. The tests
 * take the PDFs the API answers (and the e-mails carry), read the embedded `factur-x.xml` back out with
 * pdf.js, and check its numbers, dates, parties, lines and totals, and the Factur-X XMP metadata.
 */
import type { OrderDetail } from '@union/contract';
import { desc, eq } from 'drizzle-orm';
import { getDocument } from 'unpdf/pdfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAttachments, emailOutbox } from '../src/db/schema';
import type { OrderDocument } from '../src/modules/compta/documents/document';
import { facturxXml, postalAddress } from '../src/modules/compta/documents/facturx';
import { DEFAULT_SETTINGS } from '../src/modules/settings/service';
import { settingsRepository } from '../src/modules/settings/repository';
import { builders, type OrderFields } from './builders';
import { schemaErrors, type FacturXProfile } from './facturx-schema';
import { createEntity, createTestContext, createUser, movableClock, type TestContext } from './helpers';
import { pdfText } from './pdf-text';

const clock = movableClock('2026-11-23T10:00:00Z');

let t: TestContext;
let token: string;
let lodge: number;

/** A draft invoice of the lodge for renting the temple: two lines, one of them a fraction of an hour. */
const create = (over: Partial<OrderFields> = {}) =>
  builders(t).anOrder({
    by: { token },
    entity: lodge,
    annee: 2026,
    objet: 'Location du temple',
    lignes: [
      { libelle: 'Location Temple Hiram', quantite: 2.5, prixUnitaire: 3000 },
      { libelle: 'Ménage & rangement', quantite: 1, prixUnitaire: 4550 },
    ],
    ...over,
  });
const act = async (action: string, payload: Record<string, unknown>) => {
  const response = await t.call({
    method: 'PUT',
    url: `/api/compta/commande?action=${action}`,
    token,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderDetail>();
};
const download = async (id: number, kind: 'facture' | 'avoir') => {
  const response = await t.call({ method: 'GET', url: `/api/compta/commande/${id}/document/${kind}`, token });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
};

/** The files embedded in a PDF, as pdf.js (Mozilla's reader) finds them. */
async function attachments(pdf: Buffer): Promise<Record<string, string>> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const found = ((await doc.getAttachments()) ?? {}) as Record<
    string,
    { filename: string; content: Uint8Array }
  >;
  await doc.destroy();
  return Object.fromEntries(
    Object.values(found).map((a) => [a.filename, Buffer.from(a.content).toString('utf8')]),
  );
}
/** The text of each occurrence of a CII element (the documents' XML has no nested element of the same name). */
const all = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1]!);
const one = (xml: string, name: string) => {
  const values = all(xml, name);
  expect(values, name).toHaveLength(1);
  return values[0]!;
};
const section = (xml: string, name: string) => one(xml, name);

/** The XML passes the official Factur-X schemas: EN 16931's, and BASIC's, the profile it declares. */
async function expectSchemaValid(xml: string) {
  for (const profile of ['EN16931', 'BASIC'] as FacturXProfile[])
    expect(await schemaErrors(xml, profile), profile).toEqual([]);
}

/** The Union's legal identity the invoices print; a test that changes it puts this back. */
const UNION_IDENTITY: Parameters<typeof settingsRepository.saveSettings>[1] = {
  raisonSociale: 'Union des Loges de Lyon',
  adresse: '3 place Bellecour, 69002 Lyon',
  siret: '12345678900011',
  rna: 'W691000000',
  email: 'tresorerie@union-lyon.fr',
  telephone: null,
  mentionTva: 'TVA non applicable, art. 261-7-1° du CGI',
};
const saveUnionIdentity = (over: Partial<typeof UNION_IDENTITY> = {}) =>
  settingsRepository.saveSettings(t.db, { ...UNION_IDENTITY, ...over }, clock.now());

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  await saveUnionIdentity();
  await createEntity(t.db, { code: 'UNION', nom: 'Union des Loges de Lyon', type: 'UN' });
  lodge = (await createEntity(t.db, { code: 'CHEV', nom: 'Les Chevaliers du Rhône', type: 'GODF' })).id;
  await t.handle.exec(
    `UPDATE entities SET adresse_facturation = '12 rue Sainte-Catherine, 69001 Lyon', email_facturation = 'tresorerie@chevaliers.fr' WHERE id = ${lodge}`,
  );
  await createUser(t.db, {
    identifiant: 'tresorier',
    habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] as never,
  });
  token = await t.signIn('tresorier');
});
afterAll(() => t.close());

describe('an issued invoice is a Factur-X file', () => {
  it('its PDF carries the EN 16931 XML of the invoice: number, dates, parties, lines, totals, amount due at issue', async () => {
    const draft = await create();
    expect(draft.total).toBe(12050);
    const issued = await act('FACTURE_SENT', { id: draft.id });
    await act('EDIT_PAYMENT', {
      id: draft.id,
      paiement: { mode: 'V', date: '2026-11-23', reference: 'VIR-1', montant: 2050 },
    });

    const pdf = await download(draft.id, 'facture');
    const files = await attachments(pdf);
    expect(Object.keys(files)).toEqual(['factur-x.xml']);
    const xml = files['factur-x.xml']!;
    await expectSchemaValid(xml);

    expect(one(section(xml, 'rsm:ExchangedDocumentContext'), 'ram:ID')).toBe(
      'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
    );
    const header = section(xml, 'rsm:ExchangedDocument');
    expect(one(header, 'ram:ID')).toBe(issued.numeroFacture);
    expect(issued.numeroFacture).toMatch(/^FA-2026-\d{4}$/);
    expect(one(header, 'ram:TypeCode')).toBe('380');
    expect(one(header, 'ram:IssueDateTime')).toBe(
      '<udt:DateTimeString format="102">20261123</udt:DateTimeString>',
    );
    expect(one(xml, 'ram:DueDateDateTime')).toContain('>20261223<');

    const seller = section(xml, 'ram:SellerTradeParty');
    expect(one(seller, 'ram:Name')).toBe('Union des Loges de Lyon');
    expect(seller).toContain('<ram:ID schemeID="0002">123456789</ram:ID>');
    expect(one(seller, 'ram:PostcodeCode')).toBe('69002');
    expect(one(seller, 'ram:CityName')).toBe('Lyon');
    const buyer = section(xml, 'ram:BuyerTradeParty');
    expect(one(buyer, 'ram:Name')).toBe('Les Chevaliers du Rhône');
    expect(one(buyer, 'ram:LineOne')).toBe('12 rue Sainte-Catherine');
    expect(one(buyer, 'ram:PostcodeCode')).toBe('69001');
    expect(one(buyer, 'ram:URIID')).toBe('tresorerie@chevaliers.fr');

    const lines = all(xml, 'ram:IncludedSupplyChainTradeLineItem');
    expect(lines).toHaveLength(2);
    expect(one(lines[0]!, 'ram:BilledQuantity')).toBe('2.5');
    expect(one(lines[0]!, 'ram:ChargeAmount')).toBe('30.00');
    expect(one(lines[0]!, 'ram:LineTotalAmount')).toBe('75.00');
    // XML escaping: the "&" of a designation does not break the document.
    expect(one(lines[1]!, 'ram:Name')).toBe('Ménage &amp; rangement');
    expect(one(lines[1]!, 'ram:LineTotalAmount')).toBe('45.50');

    // VAT: exempt (category E) at 0 %, the settings' mention as the reason.
    const tax = section(xml, 'ram:ApplicableHeaderTradeSettlement');
    expect(one(tax, 'ram:CategoryCode')).toBe('E');
    expect(one(tax, 'ram:ExemptionReason')).toBe('TVA non applicable, art. 261-7-1° du CGI');
    const totals = section(xml, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
    expect(one(totals, 'ram:LineTotalAmount')).toBe('120.50');
    expect(one(totals, 'ram:GrandTotalAmount')).toBe('120.50');
    // What was paid before issue (nothing: payments come after), never what was paid since (issue 31).
    expect(one(totals, 'ram:TotalPrepaidAmount')).toBe('0.00');
    expect(one(totals, 'ram:DuePayableAmount')).toBe('120.50');

    // The PDF/A-3 and Factur-X metadata (the XMP stream is not compressed), the attachment's relationship.
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/^%PDF-1\.7/);
    expect(raw).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(raw).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(raw).toContain('<fx:ConformanceLevel>BASIC</fx:ConformanceLevel>');
    expect(raw).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(raw).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(raw).toContain('<fx:Version>1.0</fx:Version>');
    expect(raw).toContain('/AFRelationship /Alternative');
    expect(raw).toMatch(/\/AF \[\d+ 0 R\]/);
    expect(raw).toContain('/OutputIntents');
    // Every font is embedded (PDF/A): no standard Helvetica, TrueType font files instead.
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(raw).toContain('/FontFile2');

    // The human-readable side still reads back.
    const text = await pdfText(pdf);
    expect(text).toContain(`Facture ${issued.numeroFacture}`);
    expect(text).toContain('Les Chevaliers du Rhône');
    expect(text).toContain('120,50 €');
    // The issued invoice is a fixed record: what is paid and due today is the account's, not the PDF's.
    expect(text).not.toContain('Reste à payer');
    expect(text).not.toContain('Déjà réglé');
  });

  it('a draft stays a plain PDF marked draft, without XML', async () => {
    const draft = await create();
    const pdf = await download(draft.id, 'facture');
    expect(await attachments(pdf)).toEqual({});
    expect(pdf.toString('latin1')).not.toContain('pdfaid:part');
    expect(await pdfText(pdf)).toContain('Facture (brouillon, non émise)');
  });

  it('the e-mail of SEND_FACTURE carries the Factur-X PDF', async () => {
    const draft = await create();
    const issued = await act('SEND_FACTURE', { id: draft.id });
    const [email] = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    const [file] = await t.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, email!.id));
    expect(file!.nom).toBe(`${issued.numeroFacture}.pdf`);
    const xml = (await attachments(Buffer.from(file!.contenuBase64, 'base64')))['factur-x.xml']!;
    expect(one(section(xml, 'rsm:ExchangedDocument'), 'ram:ID')).toBe(issued.numeroFacture);
    expect(one(xml, 'ram:DuePayableAmount')).toBe('120.50');
  });
});

describe('a credit note is a Factur-X file too', () => {
  it('TypeCode 381, its own number, and the invoice it cancels referenced', async () => {
    const draft = await create({ lignes: [{ libelle: 'Location', quantite: 3, prixUnitaire: 2500 }] });
    const issued = await act('FACTURE_SENT', { id: draft.id });
    const cancelled = await act('FACTURE_CANCELLED', { id: draft.id, motif: 'Erreur de loge' });
    expect(cancelled.numeroAvoir).toMatch(/^AV-2026-\d{4}$/);

    const pdf = await download(draft.id, 'avoir');
    const xml = (await attachments(pdf))['factur-x.xml']!;
    await expectSchemaValid(xml);
    const header = section(xml, 'rsm:ExchangedDocument');
    expect(one(header, 'ram:ID')).toBe(cancelled.numeroAvoir);
    expect(one(header, 'ram:TypeCode')).toBe('381');
    const referenced = section(xml, 'ram:InvoiceReferencedDocument');
    expect(one(referenced, 'ram:IssuerAssignedID')).toBe(issued.numeroFacture);
    expect(referenced).toContain('>20261123<');
    expect(all(xml, 'ram:IncludedSupplyChainTradeLineItem')).toHaveLength(1);
    expect(one(xml, 'ram:GrandTotalAmount')).toBe('75.00');
    expect(one(xml, 'ram:DuePayableAmount')).toBe('75.00');
    expect(pdf.toString('latin1')).toContain('<fx:ConformanceLevel>BASIC</fx:ConformanceLevel>');
    expect(await pdfText(pdf)).toContain(`Annule la facture ${issued.numeroFacture}`);

    // The cancelled invoice itself is still the Factur-X invoice it was when issued.
    const invoiceXml = (await attachments(await download(draft.id, 'facture')))['factur-x.xml']!;
    expect(one(section(invoiceXml, 'rsm:ExchangedDocument'), 'ram:TypeCode')).toBe('380');
    expect(one(section(invoiceXml, 'rsm:ExchangedDocument'), 'ram:ID')).toBe(issued.numeroFacture);
  });
});

/** A fee adjustment in the lodge's favour: one credit line, no SIRET in the settings. */
const feeAdjustment: OrderDocument = {
  kind: 'facture',
  union: DEFAULT_SETTINGS,
  entite: { nom: 'Loge', adresseFacturation: null, emailFacturation: null },
  objet: 'Régularisation',
  numeroDevis: null,
  numeroFacture: 'FA-2026-0042',
  numeroAvoir: null,
  dateDevis: null,
  dateFacture: '2026-11-23',
  dateEcheance: '2026-12-23',
  dateAvoir: null,
  lignes: [
    { libelle: 'Régularisation', quantite: 2, prixUnitaire: -4000, montant: -8000, reservationId: null },
  ],
  total: -8000,
  paye: 0,
};

describe('postal addresses from free text', () => {
  it.each([
    ['12 rue Sainte-Catherine, 69001 Lyon', ['69001', '12 rue Sainte-Catherine', 'Lyon']],
    ['Bât. B\n4 quai Perrache\n69002 Lyon', ['69002', 'Bât. B', 'Lyon']],
  ])('%s', (address, [postcode, lineOne, city]) => {
    expect(postalAddress(address)).toMatchObject({ postcode, lineOne, city });
  });
  it('an address without postcode is the street line only, in France', () => {
    expect(postalAddress('3 place Bellecour')).toEqual({
      postcode: undefined,
      lineOne: '3 place Bellecour',
      lineTwo: '',
      city: undefined,
    });
    const xml = facturxXml({
      ...feeAdjustment,
      entite: { ...feeAdjustment.entite, adresseFacturation: null },
    });
    expect(section(section(xml, 'ram:BuyerTradeParty'), 'ram:PostalTradeAddress')).toBe(
      '<ram:CountryID>FR</ram:CountryID>',
    );
  });
});

describe("a fee adjustment in the lodge's favour", () => {
  it('has a negative quantity and a positive price (EN 16931 forbids negative prices), and negative totals', async () => {
    const xml = facturxXml(feeAdjustment);
    await expectSchemaValid(xml);
    expect(one(xml, 'ram:BilledQuantity')).toBe('-2');
    expect(one(xml, 'ram:ChargeAmount')).toBe('40.00');
    expect(one(section(xml, 'ram:IncludedSupplyChainTradeLineItem'), 'ram:LineTotalAmount')).toBe('-80.00');
    expect(one(xml, 'ram:GrandTotalAmount')).toBe('-80.00');
    expect(one(xml, 'ram:DuePayableAmount')).toBe('-80.00');
    // Without a SIRET in the settings there is no legal registration to state.
    expect(xml).not.toContain('schemeID="0002"');
  });
});

describe('metadata with XML special characters', () => {
  it('a « & » in the Union’s name keeps the XMP well-formed and the info dictionary plain', async () => {
    await saveUnionIdentity({
      raisonSociale: 'Union des Loges & Associations <Lyon>',
      siret: null,
      rna: null,
    });
    let pdf: Buffer;
    try {
      const draft = await create();
      await act('FACTURE_SENT', { id: draft.id });
      pdf = await download(draft.id, 'facture');
    } finally {
      await saveUnionIdentity();
    }
    const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
    const { info, metadata } = await doc.getMetadata();
    await doc.destroy();
    expect((info as { Author?: string }).Author).toBe('Union des Loges & Associations <Lyon>');
    // pdf.js parses the XMP: a malformed packet gives no metadata at all.
    expect(metadata?.get('dc:creator')).toEqual(['Union des Loges & Associations <Lyon>']);
    expect(metadata?.get('fx:conformancelevel')).toBe('BASIC');
    const xml = (await attachments(pdf))['factur-x.xml']!;
    expect(one(section(xml, 'ram:SellerTradeParty'), 'ram:Name')).toBe(
      'Union des Loges &amp; Associations &lt;Lyon&gt;',
    );
  });
});

describe('the official Factur-X schemas', () => {
  it('refuse a broken invoice: an element missing, one out of order, one unknown', async () => {
    const xml = facturxXml(feeAdjustment);
    await expectSchemaValid(xml);
    const broken = {
      // BT-3, the invoice type code, is mandatory.
      withoutType: xml.replace('<ram:TypeCode>380</ram:TypeCode>', ''),
      // CII's sequences are ordered: the currency comes before the tax breakdown.
      outOfOrder: xml.replace(
        /(<ram:InvoiceCurrencyCode>EUR<\/ram:InvoiceCurrencyCode>)(<ram:ApplicableTradeTax>[\s\S]*?<\/ram:ApplicableTradeTax>)/,
        '$2$1',
      ),
      // An element the norm does not have. (A date that is not eight digits passes: the schema leaves the
      // format's content to the schematron, which does not run here; see docs/decisions/accounting.md.)
      unknown: xml.replace('</ram:TypeCode>', '</ram:TypeCode><ram:Remise>10</ram:Remise>'),
    };
    for (const [what, bad] of Object.entries(broken)) {
      expect(bad, what).not.toBe(xml);
      for (const profile of ['EN16931', 'BASIC'] as FacturXProfile[])
        expect((await schemaErrors(bad, profile)).length, `${what} (${profile})`).toBeGreaterThan(0);
    }
    expect((await schemaErrors(broken.withoutType, 'EN16931')).join('\n')).toMatch(/IncludedNote|TypeCode/);
  });
});
