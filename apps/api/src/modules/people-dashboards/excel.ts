/** The lodge's and the administration's dashboards in Excel (issue 33), through lib/excel.ts's one way. */
import type { AdminDashboard, LodgeDashboard } from '@union/contract';
import { figuresWorkbook, frenchDay, type FigureColumn } from '../../lib/excel';

const text = (header: string, width = 14): FigureColumn => ({ header, width });
const money = (header: string): FigureColumn => ({ header, width: 16, kind: 'money' });
const day: FigureColumn = { header: 'Jour', width: 12, kind: 'day' };
const STATES = { DC: 'Demandée', CR: 'Confirmée', DS: 'Suppression demandée' } as const;
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function lodgeWorkbook(d: LodgeDashboard): Promise<Buffer> {
  const at = frenchDay(d.date);
  const next = d.compte.prochaineEcheance;
  return figuresWorkbook([
    {
      name: 'Compte avec l’Union',
      title: `${d.entite.nom} : compte avec l’Union au ${at}`,
      columns: [text('Rubrique', 40), money('Montant')],
      rows: [
        ['Dû sur les factures émises', d.compte.du],
        ['Crédit', d.compte.credit],
        ['Solde', d.compte.solde],
        ['Carte de la loge', d.carteLoge],
        [
          `Cartes des membres (${d.cartesMembres.porteurs} porteurs sur ${d.cartesMembres.membres})`,
          d.cartesMembres.total,
        ],
        ...(next
          ? [[`Prochaine échéance : facture ${next.numeroFacture} au ${frenchDay(next.date)}`, next.reste]]
          : []),
      ],
    },
    {
      name: 'Prochaines tenues',
      title: `${d.entite.nom} : prochaines tenues et leurs agapes au ${at}`,
      columns: [
        day,
        text('Horaires'),
        text('Tenue', 30),
        text('Salle', 24),
        text('État', 20),
        text('Agapes', 30),
        text('Commandes'),
        text('Couverts'),
        text('Places'),
      ],
      rows: d.seances.map((s) => [
        s.jour,
        `${clock(s.debut)}–${clock(s.fin)}`,
        s.libelle,
        s.salle,
        STATES[s.etat],
        s.agapes?.titre ?? '',
        s.agapes?.commandes ?? null,
        s.agapes?.couverts ?? null,
        s.agapes?.places ?? null,
      ]),
    },
  ]);
}

export function adminWorkbook(d: AdminDashboard): Promise<Buffer> {
  const at = frenchDay(d.date);
  const backup = d.sauvegarde;
  return figuresWorkbook([
    {
      name: 'Connexions par jour',
      title: `Connexions par jour, trente jours au ${at}`,
      columns: [day, text('Réussies'), text('Refusées')],
      rows: d.connexions.map((c) => [c.jour, c.reussies, c.echouees]),
    },
    {
      name: 'Double authentification',
      title: `Comptes actifs avec et sans double authentification au ${at}`,
      columns: [text('Comptes', 20), text('Avec'), text('Sans')],
      rows: d.secondFacteur.map((g) => [
        g.groupe === 'officiers' ? 'Officiers' : 'Autres comptes',
        g.avec,
        g.sans,
      ]),
    },
    {
      name: 'Courriels par jour',
      title: `Courriels par jour, trente jours au ${at}`,
      columns: [day, text('Envoyés'), text('Échecs')],
      rows: d.envois.jours.map((j) => [j.jour, j.envoyes, j.echecs]),
    },
    {
      name: 'Envois et sauvegardes',
      title: `Boîte d’envoi et sauvegardes au ${at}`,
      columns: [text('Rubrique', 44), text('Valeur', 24)],
      rows: [
        ['Courriels en échec définitif', d.envois.echecs],
        ['Courriels en reprise', d.envois.enReprise],
        ['Courriels en attente', d.envois.enAttente],
        ['Âge de la dernière sauvegarde réussie (heures)', backup.ageHeures ?? 'Aucune'],
        ['Sauvegarde en retard', backup.enRetard ? 'Oui' : 'Non'],
        ['Dernière tentative échouée', backup.derniereEchouee ? 'Oui' : 'Non'],
      ],
    },
  ]);
}
