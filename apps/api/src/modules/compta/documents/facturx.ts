/**
 * Factur-X (French e-invoicing reform, 2026-27): an issued invoice or credit note is a PDF/A-3 file with
 * its EN 16931 invoice embedded as UN/CEFACT CII XML (`factur-x.xml`, AFRelationship Alternative) and the
 * Factur-X XMP metadata. The XML is built here (profile BASIC: the Union's documents use nothing beyond
 * it); pdfkit does the PDF/A-3b part (output intent, pdfaid metadata, embedded files with /AF).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type PDFKit from 'pdfkit';
import { create } from 'xmlbuilder2';
import { rewriteInfoForXmp } from '../../../lib/pdf';
import { PENALTIES_TEXT, type OrderDocument } from './document';

export const FACTURX_FILE_NAME = 'factur-x.xml';
export const FACTURX_LEVEL = 'BASIC';
const GUIDELINE = 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic';

/** PDF/A forbids the standard, non-embedded fonts: DejaVu Sans Condensed (free licence), close to Helvetica's widths. */
const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const PDFA_FONTS = {
  regular: join(fontDir, 'DejaVuSansCondensed.ttf'),
  bold: join(fontDir, 'DejaVuSansCondensed-Bold.ttf'),
};

/** An issued invoice or a credit note is a Factur-X file; a draft, a quote, a reminder letter are not. */
export const isFacturX = (d: OrderDocument) =>
  (d.kind === 'facture' && !d.brouillon && !!d.numeroFacture) || (d.kind === 'avoir' && !!d.numeroAvoir);

/** XML text escaping, for the XMP pdfkit writes (the invoice's XML is escaped by its builder). */
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const amount = (cents: number) => (cents / 100).toFixed(2);

/** A node of the document being built (xmlbuilder2's builder). */
type XMLBuilder = ReturnType<typeof create>;

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/**
 * An element holding a value, left out when there is none (CII has no empty elements: an absent value is
 * an absent element). The element's namespace is found from its prefix (declared on the root).
 */
function leaf(parent: XMLBuilder, name: string, value: string | number | null | undefined, attrs = {}) {
  if (value === null || value === undefined || value === '') return;
  parent.ele(name, attrs).txt(String(value));
}

/** A date in CII's format 102 (YYYYMMDD), under the data type's namespace (udt, or qdt in a reference). */
function date102(parent: XMLBuilder, name: string, iso: string, ns: 'udt' | 'qdt' = 'udt') {
  parent.ele(name).ele(`${ns}:DateTimeString`, { format: '102' }).txt(iso.replace(/-/g, ''));
}

/** The parts of a free-text French address CII's postal address holds. */
export interface PostalAddress {
  postcode?: string;
  lineOne?: string;
  lineTwo?: string;
  city?: string;
}

/**
 * A free-text French address ("12 rue Sainte-Catherine, 69001 Lyon") as CII's postal address: the
 * "postcode city" part is recognised when there is one, the rest is the street line; the country is France.
 */
export function postalAddress(address: string | null): PostalAddress {
  const parts = (address ?? '')
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  let postcode: string | undefined;
  let city: string | undefined;
  const cityAt = parts.findLastIndex((p) => /^\d{5}\s+\S/.test(p));
  if (cityAt >= 0) {
    const m = /^(\d{5})\s+(.+)$/.exec(parts[cityAt]!)!;
    postcode = m[1];
    city = m[2];
    parts.splice(cityAt, 1);
  }
  return { postcode, lineOne: parts[0], lineTwo: parts.slice(1).join(', '), city };
}

function postalTradeAddress(parent: XMLBuilder, address: string | null) {
  const { postcode, lineOne, lineTwo, city } = postalAddress(address);
  const node = parent.ele('ram:PostalTradeAddress');
  leaf(node, 'ram:PostcodeCode', postcode);
  leaf(node, 'ram:LineOne', lineOne);
  leaf(node, 'ram:LineTwo', lineTwo);
  leaf(node, 'ram:CityName', city);
  leaf(node, 'ram:CountryID', 'FR');
}

function emailAddress(parent: XMLBuilder, email: string | null) {
  if (!email) return;
  leaf(parent.ele('ram:URIUniversalCommunication'), 'ram:URIID', email, { schemeID: 'EM' });
}

/** The seller's SIREN (the first nine digits of the SIRET), or null when the settings hold no SIRET. */
const sirenOf = (d: OrderDocument) => d.union.identite.siret?.replace(/\s/g, '').slice(0, 9) || null;

/** BT-24: the profile the invoice follows. */
function documentContext(root: XMLBuilder) {
  root
    .ele('rsm:ExchangedDocumentContext')
    .ele('ram:GuidelineSpecifiedDocumentContextParameter')
    .ele('ram:ID')
    .txt(GUIDELINE);
}

/** The document's number, type (380 invoice, 381 credit note), date and notes (BG-1). */
function exchangedDocument(root: XMLBuilder, d: OrderDocument) {
  const avoir = d.kind === 'avoir';
  const node = root.ele('rsm:ExchangedDocument');
  leaf(node, 'ram:ID', avoir ? d.numeroAvoir : d.numeroFacture);
  leaf(node, 'ram:TypeCode', avoir ? 381 : 380);
  date102(node, 'ram:IssueDateTime', (avoir ? d.dateAvoir : d.dateFacture)!);
  const notes: [string, string][] = [
    [d.objet, 'AAI'],
    [PENALTIES_TEXT, 'PMD'],
    ['Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €.', 'PMT'],
    ["Pas d'escompte pour paiement anticipé.", 'AAB'],
  ];
  for (const [content, code] of notes) {
    const note = node.ele('ram:IncludedNote');
    leaf(note, 'ram:Content', content);
    leaf(note, 'ram:SubjectCode', code);
  }
}

/** One invoice line (BG-25); VAT exempt (category E) at 0 %. */
function lineItem(parent: XMLBuilder, l: OrderDocument['lignes'][number], index: number) {
  // EN 16931 forbids a negative price (BR-27): a credit line (fee adjustment D) has a negative quantity.
  const negative = l.prixUnitaire < 0;
  const item = parent.ele('ram:IncludedSupplyChainTradeLineItem');
  leaf(item.ele('ram:AssociatedDocumentLineDocument'), 'ram:LineID', index + 1);
  leaf(item.ele('ram:SpecifiedTradeProduct'), 'ram:Name', l.libelle);
  leaf(
    item.ele('ram:SpecifiedLineTradeAgreement').ele('ram:NetPriceProductTradePrice'),
    'ram:ChargeAmount',
    amount(Math.abs(l.prixUnitaire)),
  );
  leaf(
    item.ele('ram:SpecifiedLineTradeDelivery'),
    'ram:BilledQuantity',
    negative ? -l.quantite : l.quantite,
    {
      unitCode: 'C62',
    },
  );
  const settlement = item.ele('ram:SpecifiedLineTradeSettlement');
  exemptTax(settlement);
  leaf(
    settlement.ele('ram:SpecifiedTradeSettlementLineMonetarySummation'),
    'ram:LineTotalAmount',
    amount(l.montant),
  );
}

/** A line's VAT: exempt, category E, 0 %. */
function exemptTax(parent: XMLBuilder) {
  const tax = parent.ele('ram:ApplicableTradeTax');
  leaf(tax, 'ram:TypeCode', 'VAT');
  leaf(tax, 'ram:CategoryCode', 'E');
  leaf(tax, 'ram:RateApplicablePercent', 0);
}

/** The seller (the Union, from the settings) and the buyer (the entity) (BG-4, BG-7). */
function tradeAgreement(parent: XMLBuilder, d: OrderDocument) {
  const id = d.union.identite;
  const siren = sirenOf(d);
  const agreement = parent.ele('ram:ApplicableHeaderTradeAgreement');
  const seller = agreement.ele('ram:SellerTradeParty');
  leaf(seller, 'ram:Name', id.raisonSociale);
  if (siren) leaf(seller.ele('ram:SpecifiedLegalOrganization'), 'ram:ID', siren, { schemeID: '0002' });
  postalTradeAddress(seller, id.adresse);
  emailAddress(seller, id.email);
  // Exempt VAT needs a tax registration of the seller (BR-E-02): the SIREN, French legal entities' tax number.
  if (siren) leaf(seller.ele('ram:SpecifiedTaxRegistration'), 'ram:ID', siren, { schemeID: 'FC' });
  const buyer = agreement.ele('ram:BuyerTradeParty');
  leaf(buyer, 'ram:Name', d.entite.nom);
  postalTradeAddress(buyer, d.entite.adresseFacturation);
  emailAddress(buyer, d.entite.emailFacturation);
}

/** The currency, the VAT breakdown, the due date, the totals, and a credit note's invoice (BG-22, BG-23). */
function tradeSettlement(parent: XMLBuilder, d: OrderDocument) {
  const avoir = d.kind === 'avoir';
  const lineTotal = d.lignes.reduce((sum, l) => sum + l.montant, 0);
  // What was paid before issue (issued.ts: nothing, payments come after), never a credit note (a document
  // of its own: the buyer's software would deduct it twice); a credit note has nothing prepaid.
  const prepaid = avoir ? 0 : d.paye;
  const settlement = parent.ele('ram:ApplicableHeaderTradeSettlement');
  leaf(settlement, 'ram:InvoiceCurrencyCode', 'EUR');
  const tax = settlement.ele('ram:ApplicableTradeTax');
  leaf(tax, 'ram:CalculatedAmount', '0.00');
  leaf(tax, 'ram:TypeCode', 'VAT');
  leaf(tax, 'ram:ExemptionReason', d.union.mentionTva);
  leaf(tax, 'ram:BasisAmount', amount(lineTotal));
  leaf(tax, 'ram:CategoryCode', 'E');
  leaf(tax, 'ram:RateApplicablePercent', 0);
  if (!avoir && d.dateEcheance)
    date102(settlement.ele('ram:SpecifiedTradePaymentTerms'), 'ram:DueDateDateTime', d.dateEcheance);
  const totals = settlement.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  leaf(totals, 'ram:LineTotalAmount', amount(lineTotal));
  leaf(totals, 'ram:TaxBasisTotalAmount', amount(lineTotal));
  leaf(totals, 'ram:TaxTotalAmount', '0.00', { currencyID: 'EUR' });
  leaf(totals, 'ram:GrandTotalAmount', amount(d.total));
  leaf(totals, 'ram:TotalPrepaidAmount', amount(prepaid));
  leaf(totals, 'ram:DuePayableAmount', amount(d.total - prepaid));
  if (avoir && d.numeroFacture) invoiceReference(settlement, d.numeroFacture, d.dateFacture);
}

/** BG-3: the invoice a credit note cancels. */
function invoiceReference(parent: XMLBuilder, numero: string, date: string | null) {
  const reference = parent.ele('ram:InvoiceReferencedDocument');
  leaf(reference, 'ram:IssuerAssignedID', numero);
  if (date) date102(reference, 'ram:FormattedIssueDateTime', date, 'qdt');
}

/**
 * The EN 16931 invoice (CII syntax, Factur-X BASIC) of an issued invoice or credit note, built with
 * xmlbuilder2 (escaping and well-formedness are the library's): one function per block of the norm, in
 * the order the schema requires.
 */
export function facturxXml(d: OrderDocument): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS.rsm, 'rsm:CrossIndustryInvoice', {
    'xmlns:qdt': NS.qdt,
    'xmlns:ram': NS.ram,
    'xmlns:udt': NS.udt,
  });
  documentContext(root);
  exchangedDocument(root, d);
  const transaction = root.ele('rsm:SupplyChainTradeTransaction');
  d.lignes.forEach((l, i) => lineItem(transaction, l, i));
  tradeAgreement(transaction, d);
  transaction.ele('ram:ApplicableHeaderTradeDelivery');
  tradeSettlement(transaction, d);
  return root.end({ prettyPrint: false }) + '\n';
}

const FX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
const fxProperty = (name: string, description: string) =>
  `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name>` +
  '<pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category>' +
  `<pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;

/** The Factur-X XMP: its properties, and their PDF/A extension schema (PDF/A requires custom properties declared). */
export const FACTURX_XMP =
  `<rdf:Description rdf:about="" xmlns:fx="${FX_NS}">` +
  '<fx:DocumentType>INVOICE</fx:DocumentType>' +
  `<fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>` +
  '<fx:Version>1.0</fx:Version>' +
  `<fx:ConformanceLevel>${FACTURX_LEVEL}</fx:ConformanceLevel>` +
  '</rdf:Description>' +
  '<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"' +
  ' xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">' +
  '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">' +
  '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>' +
  `<pdfaSchema:namespaceURI>${FX_NS}</pdfaSchema:namespaceURI>` +
  '<pdfaSchema:prefix>fx</pdfaSchema:prefix>' +
  '<pdfaSchema:property><rdf:Seq>' +
  fxProperty('DocumentFileName', 'The name of the embedded XML document') +
  fxProperty('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER') +
  fxProperty('Version', 'The actual version of the standard applying to the embedded XML document') +
  fxProperty('ConformanceLevel', 'The conformance level of the embedded XML document') +
  '</rdf:Seq></pdfaSchema:property>' +
  '</rdf:li></rdf:Bag></pdfaExtension:schemas>' +
  '</rdf:Description>';

/** The pdfkit options of a PDF/A-3b document whose default font is embedded. */
export const PDFA_OPTIONS = { pdfVersion: '1.7', subset: 'PDF/A-3b', font: PDFA_FONTS.regular } as const;

/**
 * Makes a pdfkit document a Factur-X file: the standard font names the layout uses are mapped onto
 * embedded fonts, the XML is attached as the invoice's alternative form, the XMP says what it is.
 */
export function makeFacturX(pdf: PDFKit.PDFDocument, d: OrderDocument, now: Date) {
  pdf.registerFont('Helvetica', PDFA_FONTS.regular);
  pdf.registerFont('Helvetica-Bold', PDFA_FONTS.bold);
  pdf.file(Buffer.from(facturxXml(d), 'utf8'), {
    name: FACTURX_FILE_NAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X invoice',
    creationDate: now,
    modifiedDate: now,
    // pdfkit 0.20 writes /AFRelationship and the catalog's /AF; its type definitions lag behind.
  } as PDFKit.Mixins.PDFAttachmentOptions);
  pdf.appendXML(FACTURX_XMP);
  // A « & » in the Union's name would make the metadata malformed XML.
  rewriteInfoForXmp(pdf, esc);
}
