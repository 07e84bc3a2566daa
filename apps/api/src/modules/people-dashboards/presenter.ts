/** The dashboards' rows → the contract's answers (issue 33). Pure: days filled, groups ordered. */
import {
  addDays,
  ADMIN_DASHBOARD_DAYS,
  type AdminDashboard,
  type LodgeDashboard,
  type LodgeSessionAhead,
} from '@union/contract';

/** The `ADMIN_DASHBOARD_DAYS` days ending today, oldest first. */
export const dashboardDays = (today: string): string[] =>
  Array.from({ length: ADMIN_DASHBOARD_DAYS }, (_, i) => addDays(today, i - ADMIN_DASHBOARD_DAYS + 1));

/** One row per day, the days without rows given zeros. */
function perDay<R extends { jour: string }>(days: string[], rows: R[], zero: Omit<R, 'jour'>): R[] {
  const byDay = new Map(rows.map((r) => [r.jour, r]));
  return days.map((jour) => byDay.get(jour) ?? ({ jour, ...zero } as R));
}

interface SessionRow {
  /** Its state is one of the active ones: the repository reads only those. */
  session: Omit<LodgeSessionAhead, 'agapes' | 'etat'> & { etat: string };
  mealId: number | null;
  titre: string | null;
  places: number | null;
  commandes: number;
  couverts: number;
}

/** One entry per session (the first meal tied to it is its agapes). */
export function presentSessions(rows: SessionRow[]): LodgeSessionAhead[] {
  const sessions = new Map<number, LodgeSessionAhead>();
  for (const r of rows) {
    if (sessions.has(r.session.id)) continue;
    sessions.set(r.session.id, {
      ...r.session,
      etat: r.session.etat as LodgeSessionAhead['etat'],
      agapes:
        r.mealId === null
          ? null
          : {
              idRepas: r.mealId,
              titre: r.titre!,
              commandes: r.commandes,
              couverts: r.couverts,
              places: r.places!,
            },
    });
  }
  return [...sessions.values()];
}

export function presentLodgeDashboard(facts: {
  entite: LodgeDashboard['entite'];
  today: string;
  balance: { du: number; credit: number };
  nextDue: { date: string; numeroFacture: string; reste: number } | undefined;
  carteLoge: number;
  members: { total: number; porteurs: number; membres: number };
  sessions: SessionRow[];
}): LodgeDashboard {
  const { balance, nextDue, today } = facts;
  return {
    entite: facts.entite,
    date: today,
    compte: {
      du: balance.du,
      credit: balance.credit,
      solde: balance.du - balance.credit,
      prochaineEcheance: nextDue ? { ...nextDue, enRetard: nextDue.date < today } : null,
    },
    carteLoge: facts.carteLoge,
    cartesMembres: facts.members,
    seances: presentSessions(facts.sessions),
  };
}

const GROUPS = ['officiers', 'autres'] as const;

export function presentAdminDashboard(facts: {
  today: string;
  now: Date;
  signIns: { jour: string; reussies: number; echouees: number }[];
  factors: { groupe: 'officiers' | 'autres'; avec: number; sans: number }[];
  outbox: {
    echecs: number;
    enReprise: number;
    enAttente: number;
    days: { jour: string; envoyes: number; echecs: number }[];
  };
  lastGood: Date | null;
  lastFailed: boolean;
  warnAfterHours: number;
}): AdminDashboard {
  const days = dashboardDays(facts.today);
  const { lastGood, now } = facts;
  const ageHeures = lastGood ? Math.floor((now.getTime() - lastGood.getTime()) / 3_600_000) : null;
  return {
    date: facts.today,
    connexions: perDay(days, facts.signIns, { reussies: 0, echouees: 0 }),
    secondFacteur: GROUPS.map(
      (groupe) => facts.factors.find((f) => f.groupe === groupe) ?? { groupe, avec: 0, sans: 0 },
    ),
    envois: {
      echecs: facts.outbox.echecs,
      enReprise: facts.outbox.enReprise,
      enAttente: facts.outbox.enAttente,
      jours: perDay(days, facts.outbox.days, { envoyes: 0, echecs: 0 }),
    },
    sauvegarde: {
      derniereReussie: lastGood?.toISOString() ?? null,
      ageHeures,
      enRetard: !lastGood || now.getTime() - lastGood.getTime() > facts.warnAfterHours * 3_600_000,
      derniereEchouee: facts.lastFailed,
    },
  };
}
