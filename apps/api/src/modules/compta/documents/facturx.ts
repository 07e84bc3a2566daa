/**
 * Factur-X (French e-invoicing reform, 2026-27): an issued invoice or credit note is a PDF/A-3 file with
 * its EN 16931 invoice embedded as UN/CEFACT CII XML (`factur-x.xml`, AFRelationship Alternative) and the
 * Factur-X XMP metadata. The XML is built here (profile BASIC: the Union's documents use nothing beyond
 * it); pdfkit does the PDF/A-3b part (output intent, pdfaid metadata, embedded files with /AF).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type PDFKit from 'pdfkit';
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

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const amount = (cents: number) => (cents / 100).toFixed(2);
const day = (iso: string) => iso.replace(/-/g, '');
const el = (name: string, content: string | null | undefined, attrs = '') =>
  content === null || content === undefined || content === '' ? '' : `<${name}${attrs}>${content}</${name}>`;
const text = (name: string, value: string | null | undefined, attrs = '') =>
  el(name, value ? esc(value) : value, attrs);
const date102 = (iso: string, ns = 'udt') =>
  `<${ns}:DateTimeString format="102">${day(iso)}</${ns}:DateTimeString>`;

/**
 * A free-text French address ("12 rue Sainte-Catherine, 69001 Lyon") as CII's postal address: the
 * "postcode city" part is recognised when there is one, the rest is the street line; the country is France.
 */
export function postalAddress(address: string | null): string {
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
  return (
    '<ram:PostalTradeAddress>' +
    text('ram:PostcodeCode', postcode) +
    text('ram:LineOne', parts[0]) +
    text('ram:LineTwo', parts.slice(1).join(', ')) +
    text('ram:CityName', city) +
    '<ram:CountryID>FR</ram:CountryID>' +
    '</ram:PostalTradeAddress>'
  );
}

/** The EN 16931 invoice (CII syntax, Factur-X BASIC) of an issued invoice or credit note. */
export function facturxXml(d: OrderDocument): string {
  const avoir = d.kind === 'avoir';
  const id = d.union.identite;
  const siren = id.siret?.replace(/\s/g, '').slice(0, 9) || null;
  const lines = d.lignes
    .map((l, i) => {
      // EN 16931 forbids a negative price (BR-27): a credit line (fee adjustment D) has a negative quantity.
      const negative = l.prixUnitaire < 0;
      return (
        '<ram:IncludedSupplyChainTradeLineItem>' +
        `<ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
        `<ram:SpecifiedTradeProduct>${text('ram:Name', l.libelle)}</ram:SpecifiedTradeProduct>` +
        '<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice>' +
        `<ram:ChargeAmount>${amount(Math.abs(l.prixUnitaire))}</ram:ChargeAmount>` +
        '</ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>' +
        '<ram:SpecifiedLineTradeDelivery>' +
        `<ram:BilledQuantity unitCode="C62">${negative ? -l.quantite : l.quantite}</ram:BilledQuantity>` +
        '</ram:SpecifiedLineTradeDelivery>' +
        '<ram:SpecifiedLineTradeSettlement>' +
        '<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>E</ram:CategoryCode>' +
        '<ram:RateApplicablePercent>0</ram:RateApplicablePercent></ram:ApplicableTradeTax>' +
        '<ram:SpecifiedTradeSettlementLineMonetarySummation>' +
        `<ram:LineTotalAmount>${amount(l.montant)}</ram:LineTotalAmount>` +
        '</ram:SpecifiedTradeSettlementLineMonetarySummation>' +
        '</ram:SpecifiedLineTradeSettlement>' +
        '</ram:IncludedSupplyChainTradeLineItem>'
      );
    })
    .join('');
  const lineTotal = d.lignes.reduce((sum, l) => sum + l.montant, 0);
  // A credit note cancels an unpaid invoice (the service refuses one with payments): nothing was prepaid on it.
  const prepaid = avoir ? 0 : d.paye;
  const notes = [
    [d.objet, 'AAI'],
    [PENALTIES_TEXT, 'PMD'],
    ['Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €.', 'PMT'],
    ["Pas d'escompte pour paiement anticipé.", 'AAB'],
  ]
    .map(
      ([content, code]) =>
        `<ram:IncludedNote>${text('ram:Content', content)}<ram:SubjectCode>${code}</ram:SubjectCode></ram:IncludedNote>`,
    )
    .join('');

  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"' +
    ' xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"' +
    ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"' +
    ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">' +
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
    '<rsm:ExchangedDocument>' +
    text('ram:ID', avoir ? d.numeroAvoir : d.numeroFacture) +
    `<ram:TypeCode>${avoir ? 381 : 380}</ram:TypeCode>` +
    `<ram:IssueDateTime>${date102((avoir ? d.dateAvoir : d.dateFacture)!)}</ram:IssueDateTime>` +
    notes +
    '</rsm:ExchangedDocument>' +
    '<rsm:SupplyChainTradeTransaction>' +
    lines +
    '<ram:ApplicableHeaderTradeAgreement>' +
    '<ram:SellerTradeParty>' +
    text('ram:Name', id.raisonSociale) +
    (siren
      ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${esc(siren)}</ram:ID></ram:SpecifiedLegalOrganization>`
      : '') +
    postalAddress(id.adresse) +
    `<ram:URIUniversalCommunication>${text('ram:URIID', id.email, ' schemeID="EM"')}</ram:URIUniversalCommunication>` +
    // Exempt VAT needs a tax registration of the seller (BR-E-02): the SIREN, French legal entities' tax number.
    (siren
      ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${esc(siren)}</ram:ID></ram:SpecifiedTaxRegistration>`
      : '') +
    '</ram:SellerTradeParty>' +
    '<ram:BuyerTradeParty>' +
    text('ram:Name', d.entite.nom) +
    postalAddress(d.entite.adresseFacturation) +
    (d.entite.emailFacturation
      ? `<ram:URIUniversalCommunication>${text('ram:URIID', d.entite.emailFacturation, ' schemeID="EM"')}</ram:URIUniversalCommunication>`
      : '') +
    '</ram:BuyerTradeParty>' +
    '</ram:ApplicableHeaderTradeAgreement>' +
    '<ram:ApplicableHeaderTradeDelivery/>' +
    '<ram:ApplicableHeaderTradeSettlement>' +
    '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>' +
    '<ram:ApplicableTradeTax>' +
    '<ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>' +
    text('ram:ExemptionReason', d.union.mentionTva) +
    `<ram:BasisAmount>${amount(lineTotal)}</ram:BasisAmount>` +
    '<ram:CategoryCode>E</ram:CategoryCode><ram:RateApplicablePercent>0</ram:RateApplicablePercent>' +
    '</ram:ApplicableTradeTax>' +
    (!avoir && d.dateEcheance
      ? `<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime>${date102(d.dateEcheance)}</ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>`
      : '') +
    '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>' +
    `<ram:LineTotalAmount>${amount(lineTotal)}</ram:LineTotalAmount>` +
    `<ram:TaxBasisTotalAmount>${amount(lineTotal)}</ram:TaxBasisTotalAmount>` +
    '<ram:TaxTotalAmount currencyID="EUR">0.00</ram:TaxTotalAmount>' +
    `<ram:GrandTotalAmount>${amount(d.total)}</ram:GrandTotalAmount>` +
    `<ram:TotalPrepaidAmount>${amount(prepaid)}</ram:TotalPrepaidAmount>` +
    `<ram:DuePayableAmount>${amount(d.total - prepaid)}</ram:DuePayableAmount>` +
    '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>' +
    (avoir && d.numeroFacture
      ? '<ram:InvoiceReferencedDocument>' +
        text('ram:IssuerAssignedID', d.numeroFacture) +
        (d.dateFacture
          ? `<ram:FormattedIssueDateTime>${date102(d.dateFacture, 'qdt')}</ram:FormattedIssueDateTime>`
          : '') +
        '</ram:InvoiceReferencedDocument>'
      : '') +
    '</ram:ApplicableHeaderTradeSettlement>' +
    '</rsm:SupplyChainTradeTransaction>' +
    '</rsm:CrossIndustryInvoice>\n'
  );
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
  // pdfkit copies the title and author into the XMP as they are: a « & » in the Union's name would make
  // the metadata malformed XML. Its info dictionary is written before the XMP, so escaping them just then
  // leaves the dictionary's plain text intact (pdfkit 0.20 internals, checked by the tests).
  const doc = pdf as unknown as { _addInfo(): void; info: Record<string, unknown> };
  const addInfo = doc._addInfo.bind(doc);
  doc._addInfo = () => {
    for (const key of ['Title', 'Author', 'Subject'])
      if (typeof doc.info[key] === 'string') doc.info[key] = esc(doc.info[key]);
    addInfo();
  };
}
