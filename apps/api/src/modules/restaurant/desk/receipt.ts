/**
 * The receipt of a desk movement (issue 21), a one-page PDF (pdfkit, as the meal recap): what was
 * credited or sold, on whose card, how it was paid, the card's balance after it and who recorded it.
 * Standard fonts (Helvetica) carry French accents in WinAnsi.
 */
import { DeskMeans, MovementType, Till } from '@union/contract';
import { frenchDate, parisNow } from '../../../lib/dates';
import { pdfEuros as euros, startPdf } from '../../../lib/pdf';
import { holderOf, type DeskMovementRow, type TillSessionRecord } from './repository';

/** « samedi 28 novembre 2026 à 15:08 », Paris time. */
function when(at: Date): string {
  const { day, time } = parisNow(at);
  return `${frenchDate(day)} à ${time}`;
}

export function buildReceipt(m: DeskMovementRow, session: TillSessionRecord): Promise<Buffer> {
  const { pdf: doc, bytes } = startPdf({ size: 'A5', margin: 40, info: { Title: `Reçu n° ${m.id}` } });

  doc.font('Helvetica-Bold').fontSize(15).text(`Reçu n° ${m.id} – Carte Union`);
  doc.font('Helvetica').fontSize(10).text(when(m.createdAt));
  doc.text(`${Till.labels[session.caisse]}, session n° ${session.id}`);
  doc.moveDown();

  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(11).text(`${label} : `, { continued: true });
    doc.font('Helvetica').text(value);
  };
  line('Titulaire de la carte', holderOf(m));
  line('Opération', MovementType.labels[m.type]);
  if (m.type === 'V') line('Article', m.libelle);
  if (m.moyen) line('Payé par', DeskMeans.labels[m.moyen]);
  if (m.reference) line('Référence du chèque', m.reference);
  line(m.montant > 0 ? 'Montant crédité' : 'Montant débité', euros(Math.abs(m.montant)));
  line('Solde de la carte après l’opération', euros(m.soldeApres));
  doc.moveDown();
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Enregistré par ${`${m.auteurPrenom ?? ''} ${m.auteurNom ?? ''}`.trim() || 'le système'}.`);
  doc.end();
  return bytes;
}
