/**
 * The administration's charts (issue 33): sign-ins per day over thirty days, accounts with and without a
 * second factor (officers first), the outbox's days. Each a ChartPanel with its table.
 */
import type { AdminDashboard } from '@union/contract';
import { ChartPanel } from '../../../components/charts/ChartPanel';
import { formatDay } from '../../../lib/dates';

/** "2026-11-23" → "23/11": thirty days side by side stay readable. */
const dayMonth = (day: string) => formatDay(day).slice(0, 5);

const s = (n: number) => (n > 1 ? 's' : '');
const plural = (n: number, word: string) => `${n} ${word}${s(n)}`;
const sum = <R,>(rows: R[], f: (r: R) => number) => rows.reduce((n, r) => n + f(r), 0);
const GROUPS = { officiers: 'Officiers de loge', autres: 'Autres comptes' } as const;

export function SignInsChart({ data }: { data: AdminDashboard }) {
  const ok = sum(data.connexions, (c) => c.reussies);
  const refused = sum(data.connexions, (c) => c.echouees);
  return (
    <ChartPanel
      title="Connexions par jour"
      summary={`Sur trente jours : ${ok} connexion${s(ok)} réussie${s(ok)} et ${refused} tentative${s(refused)} refusée${s(refused)}.`}
      kind="line"
      data={data.connexions.map((c) => ({ ...c, jour: dayMonth(c.jour) }))}
      categoryKey="jour"
      categoryLabel="Jour"
      series={[
        { key: 'reussies', label: 'Réussies' },
        { key: 'echouees', label: 'Refusées' },
      ]}
      minWidth={1100}
    />
  );
}

export function SecondFactorChart({ data }: { data: AdminDashboard }) {
  const officers = data.secondFacteur.find((g) => g.groupe === 'officiers')!;
  return (
    <ChartPanel
      title="Comptes avec et sans second facteur"
      summary={`Officiers de loge : ${officers.avec} avec un second facteur, ${officers.sans} sans. Les clés d’accès comptent comme second facteur.`}
      kind="stacked"
      horizontal
      data={data.secondFacteur.map((g) => ({ ...g, groupe: GROUPS[g.groupe] }))}
      categoryKey="groupe"
      categoryLabel="Comptes actifs"
      series={[
        { key: 'avec', label: 'Avec second facteur' },
        { key: 'sans', label: 'Sans second facteur' },
      ]}
      height={160}
      rowHref={() => '/app/admin/utilisateurs'}
    />
  );
}

export function OutboxChart({ data }: { data: AdminDashboard }) {
  const { envois } = data;
  return (
    <ChartPanel
      title="E-mails envoyés et en échec"
      summary={`${plural(envois.echecs, 'e-mail')} en échec définitif, ${envois.enReprise} en nouvelle tentative, ${envois.enAttente} en attente d’envoi.`}
      kind="line"
      empty="Aucun e-mail envoyé ni en échec ces trente derniers jours."
      data={envois.jours.map((j) => ({ ...j, jour: dayMonth(j.jour) }))}
      categoryKey="jour"
      categoryLabel="Jour"
      series={[
        { key: 'envoyes', label: 'Envoyés' },
        { key: 'echecs', label: 'En échec' },
      ]}
      minWidth={1100}
      rowHref={() => '/app/admin/emails'}
    />
  );
}
