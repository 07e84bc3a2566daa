/** The restaurant's dashboard in Excel (issue 33): a sheet per chart, through lib/excel.ts's one way. */
import { DishType, MealType, type RestaurantDashboard } from '@union/contract';
import { figuresWorkbook, type FigureColumn } from '../../../lib/excel';

const day: FigureColumn = { header: 'Jour', width: 12, kind: 'day' };
const week: FigureColumn = { header: 'Semaine du', width: 12, kind: 'day' };
const count = (header: string, width = 12): FigureColumn => ({ header, width });
const money = (header: string): FigureColumn => ({ header, width: 16, kind: 'money' });

export function restaurantWorkbook(d: RestaurantDashboard): Promise<Buffer> {
  const season = `saison ${d.saison.annee}-${d.saison.annee + 1}`;
  const next = d.prochainRepas;
  return figuresWorkbook([
    {
      name: 'Couverts par repas',
      title: `Couverts par repas, ${season}`,
      columns: [
        day,
        count('Repas', 20),
        count('Titre', 30),
        count('Places'),
        count('Commandes'),
        count('Couverts réservés', 18),
        count('Couverts payés', 16),
      ],
      rows: d.repas.map((m) => [
        m.date,
        MealType.labels[m.type],
        m.titre,
        m.places,
        m.commandes,
        m.reserves,
        m.payes,
      ]),
    },
    {
      name: 'Encaissements par semaine',
      title: `Encaissements par semaine et moyen, ${season}`,
      columns: [
        week,
        money('Carte en ligne'),
        money('Espèces'),
        money('Chèques'),
        money('Au bar'),
        money('Payé par carte Union'),
      ],
      rows: d.encaissements.map((w) => [w.semaine, w.carte, w.especes, w.cheque, w.bar, w.carteUnion]),
    },
    {
      name: 'Rechargements par semaine',
      title: `Cartes rechargées par semaine, ${season}`,
      columns: [week, count('En ligne'), count('Au guichet'), count('Cartes'), money('Montant')],
      rows: d.rechargements.map((w) => [w.semaine, w.enLigne, w.guichet, w.cartes, w.montant]),
    },
    {
      name: 'Plats les plus commandés',
      title: `Plats les plus commandés, ${season}`,
      columns: [count('Type', 14), count('Plat', 34), count('Quantité')],
      rows: d.plats.map((p) => [DishType.labels[p.type], p.libelle, p.quantite]),
    },
    {
      name: 'Prochain repas',
      title: next
        ? `Prochain repas : ${next.titre}, ${next.reserves} couverts réservés sur ${next.places}`
        : 'Aucun repas à venir',
      columns: [count('Plat', 34), count('Portions commandées', 20)],
      rows: next ? next.plats.map((p) => [p.libelle, p.quantite]) : [],
    },
    {
      name: 'Remarques et allergies',
      title: next ? `Remarques des commandes du ${next.titre}` : 'Aucun repas à venir',
      columns: [count('Pour', 28), count('Couverts'), count('Remarque', 60)],
      rows: next ? next.remarques.map((r) => [r.pour, r.couverts, r.remarque]) : [],
    },
  ]);
}
