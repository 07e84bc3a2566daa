/**
 * The kitchen's recap of a meal as a PDF (pdfkit): the dishes and their quantities, then the orders
 * grouped by lodge and by person, with guests and means of payment. Standard fonts (Helvetica) carry
 * French accents in WinAnsi.
 */
import { DishType, MealOrderState, MealType, PaymentMeans, euros as frenchEuros } from '@union/contract';
import PDFDocument from 'pdfkit';
import { frenchDate } from '../reservations/calendar';
import type { DishRecord, LineRow, MealRow, OrderRow } from './repository';

const INDIVIDUAL = 'Commandes individuelles';

/** French amounts use narrow no-break spaces, which the standard PDF fonts lack: plain spaces here. */
const euros = (cents: number) => frenchEuros(cents).replace(/[\u202f\u00a0]/g, ' ');

export function buildRecap(
  meal: MealRow,
  plats: DishRecord[],
  orders: OrderRow[],
  lines: LineRow[],
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `Récapitulatif – ${meal.meal.titre}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const m = meal.meal;
  doc.font('Helvetica-Bold').fontSize(16).text(`Récapitulatif du repas – ${m.titre}`);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(
      `${MealType.labels[m.type]}, ${frenchDate(m.jour)} – ${m.placesPrises} couverts sur ${m.places} places`,
    );
  doc.moveDown();

  // Quantities per dish, over every order (paid or not): what the kitchen prepares.
  doc.font('Helvetica-Bold').fontSize(13).text('Plats');
  doc.font('Helvetica').fontSize(11);
  for (const dish of plats) {
    const quantity = lines.filter((l) => l.dishId === dish.id).reduce((sum, l) => sum + l.quantite, 0);
    doc.text(`${quantity} × ${dish.libelle} (${DishType.labels[dish.type]}, ${euros(dish.prix)})`);
  }
  const guests = orders.reduce((sum, o) => sum + o.order.invites, 0);
  doc.text(`Invités : ${guests}`);
  doc.moveDown();

  const groups = new Map<string, OrderRow[]>();
  for (const o of orders) {
    const key = o.entite ?? INDIVIDUAL;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const names = [...groups.keys()].sort((a, b) =>
    a === INDIVIDUAL ? 1 : b === INDIVIDUAL ? -1 : a.localeCompare(b, 'fr'),
  );
  doc.font('Helvetica-Bold').fontSize(13).text(`Commandes (${orders.length})`);
  for (const name of names) {
    const group = groups.get(name)!;
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).text(name);
    for (const o of group) {
      const state =
        o.order.etat === 'P' && o.order.moyen
          ? `payée (${PaymentMeans.labels[o.order.moyen]})`
          : MealOrderState.labels[o.order.etat].toLowerCase();
      doc
        .font('Helvetica')
        .fontSize(11)
        .text(
          `${o.prenom} ${o.nom}` +
            (o.order.invites > 0 ? ` + ${o.order.invites} invité${o.order.invites > 1 ? 's' : ''}` : '') +
            ` – ${euros(o.order.montant)}, ${state}`,
        );
      const items = lines
        .filter((l) => l.orderId === o.order.id)
        .map((l) => `${l.quantite} × ${l.libelle}`)
        .join(', ');
      if (items) doc.fontSize(10).text(`    ${items}`);
      if (o.order.commentaire) doc.fontSize(10).text(`    Remarque : ${o.order.commentaire}`);
    }
  }
  const total = orders.reduce((sum, o) => sum + o.order.montant, 0);
  doc
    .moveDown()
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Total des commandes : ${euros(total)}`);
  doc.end();
  return done;
}
