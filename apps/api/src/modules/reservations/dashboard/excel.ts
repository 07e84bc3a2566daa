/** The planning's dashboard in Excel (issue 33): a sheet per chart, through lib/excel.ts's one way. */
import { MONTH_LABELS, type PlanningDashboard } from '@union/contract';
import { figuresWorkbook, type FigureColumn } from '../../../lib/excel';

const WEEKDAYS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];
const text = (header: string, width = 24): FigureColumn => ({ header, width });
const hours = (header: string, width = 10): FigureColumn => ({ header, width, kind: 'hours' });

export function planningWorkbook(d: PlanningDashboard): Promise<Buffer> {
  const season = `saison ${d.saison.annee}-${d.saison.annee + 1}`;
  const months = d.salles[0]?.mois.map((m) => m.mois) ?? [];
  return figuresWorkbook([
    {
      name: 'Occupation des salles',
      title: `Occupation des salles sur les heures d’ouverture, ${season}`,
      columns: [
        text('Salle', 28),
        hours('Heures réservées', 16),
        { header: 'Occupation', width: 12, kind: 'percent' },
      ],
      rows: d.salles.map((s) => [s.nom, s.minutes, s.taux]),
    },
    {
      name: 'Heures par salle et mois',
      title: `Heures réservées par salle et par mois, ${season}`,
      columns: [
        text('Salle', 28),
        ...months.map((m) => hours(`${MONTH_LABELS[Number(m.slice(5))]} ${m.slice(0, 4)}`, 14)),
      ],
      rows: d.salles.map((s) => [s.nom, ...s.mois.map((m) => m.minutes)]),
    },
    {
      name: 'Salles et jours',
      title: `Réservations par salle et jour de la semaine, ${season}`,
      columns: [text('Salle', 28), ...WEEKDAYS.map((w) => text(w, 10))],
      rows: d.salles.map((s) => [s.nom, ...s.jours]),
    },
    {
      name: 'Demandes en attente',
      title: `Demandes en attente : ${d.demandesTotal}, les plus anciennes d’abord`,
      columns: [
        text('Demande', 14),
        { header: 'Jour', width: 12, kind: 'day' },
        text('Horaires', 14),
        text('Salle'),
        text('Loge ou association', 30),
        text('Libellé', 30),
        text('Attente (jours)', 14),
      ],
      rows: d.demandes.map((r) => [
        r.etat === 'DC' ? 'Création' : 'Suppression',
        r.date,
        `${r.debut}–${r.fin}`,
        r.salle,
        r.entite,
        r.libelle,
        r.age,
      ]),
    },
    {
      name: 'Jours de fermeture',
      title: 'Prochains jours de fermeture',
      columns: [{ header: 'Jour', width: 12, kind: 'day' }, text('Motif', 40)],
      rows: d.fermetures.map((f) => [f.date, f.motif]),
    },
  ]);
}
