/**
 * The kitchen's recap of a meal as a PDF (pdfkit): the dishes and their quantities, then the orders
 * grouped by lodge and by person, with guests and means of payment. When the meal is a lodge's agapes,
 * that lodge's orders come first under « Agapes de <loge> », with its covers and guests counted.
 * Standard fonts (Helvetica) carry French accents in WinAnsi.
 */
import { DishType, MealOrderState, MealType, PaymentMeans, deEntite, hhmmOf } from '@union/contract';
import { frenchDate } from '../../../lib/dates';
import { pdfEuros as euros, startPdf } from '../../../lib/pdf';
import { linesByOrder } from '../orders/presenter';
import type { LineRow, OrderRow } from '../orders/repository';
import type { DishRecord, MealRow, SessionRow } from '../repository';

const INDIVIDUAL = 'Commandes individuelles';

export function buildRecap(
  meal: MealRow,
  plats: DishRecord[],
  orders: OrderRow[],
  lines: LineRow[],
  agapes: SessionRow | null,
): Promise<Buffer> {
  const { pdf: doc, bytes } = startPdf({
    size: 'A4',
    margin: 48,
    info: { Title: `Récapitulatif – ${meal.meal.titre}` },
  });

  const m = meal.meal;
  doc.font('Helvetica-Bold').fontSize(16).text(`Récapitulatif du repas – ${m.titre}`);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(
      `${MealType.labels[m.type]}, ${frenchDate(m.jour)} – ${m.placesPrises} couverts sur ${m.places} places`,
    );
  if (agapes) {
    doc.text(
      `Agapes ${deEntite(agapes.entite)} : ${agapes.libelle}, ${hhmmOf(agapes.debut)}–${hhmmOf(agapes.fin)} (${agapes.salle})`,
    );
  }
  doc.moveDown();

  // Quantities per dish, over every order (paid or not): what the kitchen prepares.
  doc.font('Helvetica-Bold').fontSize(13).text('Plats');
  doc.font('Helvetica').fontSize(11);
  const perDish = new Map<number, number>();
  for (const l of lines) perDish.set(l.dishId, (perDish.get(l.dishId) ?? 0) + l.quantite);
  for (const dish of plats) {
    const quantity = perDish.get(dish.id) ?? 0;
    doc.text(`${quantity} × ${dish.libelle} (${DishType.labels[dish.type]}, ${euros(dish.prix)})`);
  }
  const guests = orders.reduce((sum, o) => sum + o.order.invites, 0);
  doc.text(`Invités : ${guests}`);
  doc.moveDown();

  // The agapes' lodge first (its orders, then its covers and guests), the other lodges by name, then
  // the individual orders.
  const agapesGroup = agapes ? `Agapes ${deEntite(agapes.entite)}` : null;
  const groups = new Map<string, OrderRow[]>();
  for (const o of orders) {
    const key = agapes && o.order.entityId === agapes.entityId ? agapesGroup! : (o.entite ?? INDIVIDUAL);
    const group = groups.get(key);
    if (group) group.push(o);
    else groups.set(key, [o]);
  }
  const rank = (name: string) => (name === agapesGroup ? 0 : name === INDIVIDUAL ? 2 : 1);
  const names = [...groups.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'fr'));
  const linesOf = linesByOrder(lines);
  doc.font('Helvetica-Bold').fontSize(13).text(`Commandes (${orders.length})`);
  for (const name of names) {
    const group = groups.get(name)!;
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).text(name);
    if (name === agapesGroup) {
      const invites = group.reduce((sum, o) => sum + o.order.invites, 0);
      doc
        .font('Helvetica')
        .fontSize(11)
        .text(
          `${group.length + invites} couvert${group.length + invites > 1 ? 's' : ''} : ` +
            `${group.length} commande${group.length > 1 ? 's' : ''} et ${invites} invité${invites > 1 ? 's' : ''}`,
        );
    }
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
      const items = (linesOf.get(o.order.id) ?? []).map((l) => `${l.quantite} × ${l.libelle}`).join(', ');
      if (items) doc.fontSize(10).text(`    ${items}`);
      // In bold: an allergy must not be missed.
      if (o.order.commentaire)
        doc.font('Helvetica-Bold').fontSize(10).text(`    Remarque : ${o.order.commentaire}`);
    }
  }
  // What is paid and what is offered (means I, invitation) are apart: an offered meal is no takings.
  const sum = (keep: (o: OrderRow) => boolean) => {
    const kept = orders.filter(keep);
    return { count: kept.length, cents: kept.reduce((total, o) => total + o.order.montant, 0) };
  };
  const offered = (o: OrderRow) => o.order.etat === 'P' && o.order.moyen === 'I';
  const paying = sum((o) => !offered(o));
  const parts = [
    ['payé', sum((o) => o.order.etat === 'P' && !offered(o))],
    ['à encaisser', sum((o) => o.order.etat === 'C')],
    ['paiement refusé', sum((o) => o.order.etat === 'R')],
  ] as const;
  const gift = sum(offered);
  const count = (n: number) => `${n} commande${n > 1 ? 's' : ''}`;
  doc
    .moveDown()
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Total payant : ${euros(paying.cents)} (${count(paying.count)})`);
  doc.font('Helvetica').text(
    parts
      .filter(([, p]) => p.count > 0)
      .map(([label, p]) => `${label} : ${euros(p.cents)}`)
      .join(' ; ') || 'aucune commande payante',
  );
  doc
    .font('Helvetica-Bold')
    .text(`Offert (invitation) : ${euros(gift.cents)} (${count(gift.count)}), hors total payant`);
  doc.end();
  return bytes;
}
