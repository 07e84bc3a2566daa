/**
 * The accounting documents as PDF (DECISIONS §4): quote, invoice, credit note and reminder letters. Each
 * carries the Union's legal identity from the settings, the entity's billing address, the number, the
 * dates, the lines and totals and the VAT mention; invoices add the late-payment penalties and the 40 €
 * recovery indemnity that French law requires (Code de commerce, art. L441-10 and D441-5).
 */
import { deEntite } from '@union/contract';
import QRCode from 'qrcode';
import { frenchDate } from '../../../lib/dates';
import { pdfEuros as euros, pdfTableHeader, startPdf } from '../../../lib/pdf';
import { PENALTIES_TEXT, type OrderDocument } from './document';
import { epcPayload } from './epc';
import { isFacturX, makeFacturX, PDFA_OPTIONS } from './facturx';

const quantity = (q: number) =>
  q.toLocaleString('fr-FR', { maximumFractionDigits: 2 }).replace(/\u202f/g, '\u00a0');

const REMINDER_TEXTS: Record<number, { titre: string; corps: (d: OrderDocument, reste: string) => string }> =
  {
    1: {
      titre: 'Rappel de paiement',
      corps: (d, reste) =>
        `Sauf erreur de notre part, la facture ${d.numeroFacture} du ${frenchDate(d.dateFacture!)}, échue le ` +
        `${frenchDate(d.dateEcheance!)}, n'a pas été entièrement réglée : il reste ${reste} à payer. ` +
        "Il s'agit sans doute d'un oubli : nous vous remercions de bien vouloir procéder au règlement. " +
        'Si votre paiement a été envoyé entre-temps, merci de ne pas tenir compte de ce courrier.',
    },
    2: {
      titre: 'Deuxième relance',
      corps: (d, reste) =>
        `Malgré notre premier rappel, la facture ${d.numeroFacture} du ${frenchDate(d.dateFacture!)}, échue le ` +
        `${frenchDate(d.dateEcheance!)}, reste impayée pour ${reste}. Nous vous demandons de la régler sous quinze jours. ` +
        'Nous vous rappelons que des pénalités de retard et une indemnité forfaitaire de 40 € sont exigibles.',
    },
    3: {
      titre: 'Mise en demeure de payer',
      corps: (d, reste) =>
        `Par la présente, nous vous mettons en demeure de régler sous huit jours la somme de ${reste} due au titre de la ` +
        `facture ${d.numeroFacture} du ${frenchDate(d.dateFacture!)}, échue le ${frenchDate(d.dateEcheance!)}. ` +
        "À défaut, nous nous réserverons le droit d'engager toute procédure de recouvrement, les pénalités de retard " +
        "et l'indemnité forfaitaire de 40 € pour frais de recouvrement restant dues.",
    },
  };

function title(d: OrderDocument): string {
  switch (d.kind) {
    case 'devis':
      return `Devis ${d.numeroDevis}`;
    case 'facture':
      return d.brouillon ? 'Facture (brouillon, non émise)' : `Facture ${d.numeroFacture}`;
    case 'avoir':
      return `Avoir ${d.numeroAvoir}`;
    case 'relance':
      return `${REMINDER_TEXTS[d.relance!.niveau]!.titre} — facture ${d.numeroFacture}`;
  }
}

/** « FR76 3000 6000 0112 3456 7890 189 »: the IBAN as people read it, in groups of four. */
export const printedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * How to pay (issue 20): by cheque to the Union's name, or by transfer to its IBAN and BIC with the invoice
 * number as the payment reference; an issued invoice with something due adds the SEPA transfer QR code
 * (EPC069-12, documents/epc.ts) for banking apps, drawn as vector squares (no image, so nothing changes
 * for PDF/A).
 */
function paymentBlock(
  pdf: PDFKit.PDFDocument,
  d: OrderDocument,
  reste: number,
  left: number,
  width: number,
): void {
  const id = d.union.identite;
  const { iban, bic } = d.union.banque;
  const reference = d.numeroFacture;
  pdf.moveDown(0.5);
  if (!iban) {
    pdf.text(`Règlement par chèque à l'ordre de « ${id.raisonSociale} » ou par virement.`, { width });
    return;
  }
  pdf.text(`Règlement par chèque à l'ordre de « ${id.raisonSociale} » ou par virement :`, { width });
  pdf.font('Helvetica-Bold').text(`IBAN ${printedIban(iban)}${bic ? ` — BIC ${bic}` : ''}`, { width });
  pdf.font('Helvetica');
  if (reference) pdf.text(`Référence à indiquer avec le paiement : ${reference}`, { width });
  if (!reference || reste <= 0) return;
  const payload = epcPayload({ bic, nom: id.raisonSociale, iban, montant: reste, reference });
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const side = 96;
  const cell = side / (modules + 8); // a quiet zone of four modules on each side
  if (pdf.y + side + 20 > pdf.page.height - 50) pdf.addPage();
  const top = pdf.y + 8;
  pdf.save().rect(left, top, side, side).fill('#ffffff');
  pdf.fillColor('#000000');
  for (let r = 0; r < modules; r++)
    for (let c = 0; c < modules; c++)
      if (qr.modules.get(r, c)) pdf.rect(left + (c + 4) * cell, top + (r + 4) * cell, cell, cell);
  pdf.fill('#000000').restore();
  pdf
    .font('Helvetica')
    .fontSize(8)
    .text(
      `Payer par virement : scannez ce code avec l'application de votre banque (virement SEPA de ${euros(reste)}, référence ${reference}).`,
      left + side + 12,
      top + side / 2 - 12,
      { width: width - side - 12 },
    );
  pdf.x = left;
  pdf.y = top + side + 4;
}

/** Renders one document; resolves with the PDF bytes. */
export function renderOrderPdf(d: OrderDocument): Promise<Buffer> {
  // An issued invoice or a credit note is a Factur-X file (PDF/A-3b with its XML): see facturx.ts.
  const facturx = isFacturX(d);
  const { pdf, bytes } = startPdf({
    size: 'A4',
    margin: 50,
    info: { Title: title(d), Author: d.union.identite.raisonSociale },
    ...(facturx ? PDFA_OPTIONS : {}),
  });
  if (facturx) makeFacturX(pdf, d, new Date());

  const id = d.union.identite;
  const left = 50;
  const width = pdf.page.width - 100;

  // The issuer, top left; the addressee, on the right.
  pdf.font('Helvetica-Bold').fontSize(12).text(id.raisonSociale, left, 50, { width: 260 });
  pdf.font('Helvetica').fontSize(9).text(id.adresse, { width: 260 });
  if (id.siret) pdf.text(`SIRET ${id.siret}`);
  if (id.rna) pdf.text(`RNA ${id.rna}`);
  pdf.text(id.email);
  if (id.telephone) pdf.text(id.telephone);

  pdf.font('Helvetica-Bold').fontSize(11).text(d.entite.nom, 330, 110, { width: 215 });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(d.entite.adresseFacturation ?? 'Adresse de facturation non renseignée', { width: 215 });
  if (d.entite.emailFacturation) pdf.text(d.entite.emailFacturation, { width: 215 });

  pdf.moveDown(2);
  pdf.font('Helvetica-Bold').fontSize(16).text(title(d), left, Math.max(pdf.y, 190), { width });
  pdf.font('Helvetica').fontSize(10);
  const dates: string[] = [];
  if (d.kind === 'devis' && d.dateDevis)
    dates.push(`Date du devis : ${frenchDate(d.dateDevis)}`, 'Devis valable 30 jours.');
  if (d.kind === 'facture' && d.dateFacture) dates.push(`Date de facture : ${frenchDate(d.dateFacture)}`);
  if (d.kind === 'facture' && d.dateEcheance) dates.push(`Date d'échéance : ${frenchDate(d.dateEcheance)}`);
  if (d.kind === 'avoir' && d.dateAvoir)
    dates.push(
      `Date de l'avoir : ${frenchDate(d.dateAvoir)}`,
      d.avoirPartiel
        ? `Avoir partiel sur la facture ${d.numeroFacture} du ${frenchDate(d.dateFacture!)}.`
        : `Annule la facture ${d.numeroFacture} du ${frenchDate(d.dateFacture!)}.`,
      ...(d.motif ? [`Motif : ${d.motif}`] : []),
    );
  if (d.kind === 'relance') dates.push(`Lyon, le ${frenchDate(d.relance!.date)}`);
  for (const line of dates) pdf.text(line);
  pdf.moveDown();
  pdf.font('Helvetica-Bold').text(`Objet : ${d.objet}`, { width });
  pdf.font('Helvetica').moveDown();

  const reste = d.total - d.paye;
  if (d.kind === 'relance') {
    pdf.fontSize(11).text('Madame, Monsieur,', { width }).moveDown(0.5);
    pdf.text(REMINDER_TEXTS[d.relance!.niveau]!.corps(d, euros(reste)), { width, align: 'justify' });
    pdf.moveDown(0.5).text('Veuillez agréer, Madame, Monsieur, nos salutations distinguées.', { width });
    pdf
      .moveDown()
      .fontSize(10)
      .text(`Le trésorier ${deEntite(id.raisonSociale)}`, { width, align: 'right' });
    pdf.moveDown(2);
  }

  // The lines: designation, quantity, unit price, amount.
  const cols = { label: left, qty: left + 270, unit: left + 340, amount: left + 420 } as const;
  const header = pdfTableHeader(pdf, { left, width, fontSize: 9 }, [
    { title: 'Désignation', x: cols.label, width: 260 },
    { title: 'Quantité', x: cols.qty, width: 60, align: 'right' },
    { title: 'Prix unitaire', x: cols.unit, width: 75, align: 'right' },
    { title: 'Montant', x: cols.amount, width: 75, align: 'right' },
  ]);
  let y = header(pdf.y);
  const sign = d.kind === 'avoir' ? -1 : 1;
  for (const l of d.lignes) {
    const height = pdf.heightOfString(l.libelle, { width: 260 });
    if (y + height > pdf.page.height - 160) {
      pdf.addPage();
      y = header(50);
    }
    pdf.text(l.libelle, cols.label, y, { width: 260 });
    pdf.text(quantity(l.quantite), cols.qty, y, { width: 60, align: 'right' });
    pdf.text(euros(l.prixUnitaire), cols.unit, y, { width: 75, align: 'right' });
    pdf.text(euros(sign * l.montant), cols.amount, y, { width: 75, align: 'right' });
    y += Math.max(height, 12) + 4;
  }
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 8;
  const totalLine = (labelText: string, amount: number, bold = false) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    pdf.text(labelText, cols.qty - 60, y, { width: 215, align: 'right' });
    pdf.text(euros(amount), cols.amount, y, { width: 75, align: 'right' });
    y += 15;
  };
  totalLine(d.kind === 'avoir' ? 'Total de l’avoir' : 'Total', sign * d.total, true);
  if ((d.kind === 'facture' || d.kind === 'relance') && d.paye > 0) {
    totalLine('Déjà réglé', d.paye);
    totalLine('Reste à payer', reste, true);
  }
  pdf.font('Helvetica').fontSize(9);
  pdf.text(d.union.mentionTva, left, y + 6, { width });
  if (d.kind === 'facture' || d.kind === 'relance') {
    pdf.moveDown(0.5).text(PENALTIES_TEXT, { width });
    paymentBlock(pdf, d, reste, left, width);
  }
  pdf.end();
  return bytes;
}
