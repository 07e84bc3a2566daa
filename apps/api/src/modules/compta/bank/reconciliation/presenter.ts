/**
 * The bank reconciled as shown (issue 34 §3), pure: the SQL's figures and unmatched lines become the
 * answer, the unexplained difference is worked out, and whether the period may be validated at that date
 * (and, if not, the one sentence saying what to do first).
 */
import {
  euros,
  frenchDay,
  type BankReconciliation,
  type BankReconciliationLock,
  type UnionBankAccount,
} from '@union/contract';
import type { BankSide, BookSide, Figures } from './repository';

type Account = Pick<UnionBankAccount, 'nom' | 'iban' | 'compte'>;

export interface ReconciliationFacts {
  comptes: Account[];
  compte: Account | null;
  date: string;
  today: string;
  figures: Figures | null;
  lignes: BankSide[];
  ecritures: BookSide[];
  verrou: BankReconciliationLock | null;
}

const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

/** Why the period may not be validated at the date, or null when it may. */
function refusal(r: Omit<BankReconciliation, 'validable' | 'raison'>, today: string): string | null {
  if (!r.compte)
    return 'L’Union n’a pas de compte bancaire : ajoutez-en un dans Administration › Paramètres.';
  if (r.soldeReleve === null)
    return `Aucun relevé de ce compte ne commence le ${frenchDay(r.date)} ou avant : importez-le dans Comptabilité › Banque.`;
  if (r.date > today) return 'Un rapprochement se valide à une date passée ou à la date du jour.';
  if (r.verrou && r.verrou.date >= r.date)
    return `Le rapprochement est déjà validé au ${frenchDay(r.verrou.date)} : choisissez une date postérieure.`;
  if (r.finReleves !== null && r.finReleves < r.date)
    return `Le dernier relevé importé s’arrête au ${frenchDay(r.finReleves)} : importez celui qui couvre le ${frenchDay(r.date)} avant de valider.`;
  if (r.enAttente > 0)
    return `${r.enAttente} ${plural(r.enAttente, 'ligne du relevé attend', 'lignes du relevé attendent')} d’être ${plural(r.enAttente, 'confirmée ou ignorée', 'confirmées ou ignorées')} : traitez-les dans Comptabilité › Banque.`;
  if (r.ecart !== 0)
    return `Un écart de ${euros(r.ecart)} reste inexpliqué : un relevé manque peut-être (son solde d’ouverture ne suit pas le précédent), ou une écriture ne correspond pas à sa ligne.`;
  return null;
}

export function presentReconciliation(f: ReconciliationFacts): BankReconciliation {
  const fig = f.figures;
  const totalBanque = f.lignes[0]?.total ?? 0;
  const totalEcritures = f.ecritures[0]?.total ?? 0;
  const reprise = fig?.ouverture != null ? fig.avant - fig.ouverture : 0;
  const soldeReleve = fig?.soldeReleve ?? null;
  const soldeComptable = fig?.soldeComptable ?? 0;
  // The statement balance, less what the books do not have yet, plus what the bank does not have yet,
  // plus what the books held before the first statement beyond its opening balance, is the book balance.
  const ecart =
    soldeReleve === null ? 0 : soldeComptable - (soldeReleve - totalBanque + totalEcritures + reprise);
  const r = {
    comptes: f.comptes,
    compte: f.compte,
    date: f.date,
    premierReleve:
      fig?.debut && fig.ouverture !== null ? { date: fig.debut, soldeOuverture: fig.ouverture } : null,
    finReleves: fig?.fin ?? null,
    soldeReleve,
    lignesBanque: f.lignes.map((l) => ({
      id: l.id,
      dateComptable: l.dateComptable,
      libelle: l.libelle,
      montant: l.montant,
      etat:
        l.paymentId !== null || l.entryId !== null
          ? ('RAPPROCHEE' as const)
          : l.note !== null
            ? ('IGNOREE' as const)
            : ('A_TRAITER' as const),
    })),
    totalBanque,
    ecritures: f.ecritures.map(({ total: _total, ...e }) => e),
    totalEcritures,
    reprise,
    soldeComptable,
    ecart,
    enAttente: fig?.enAttente ?? 0,
    verrou: f.verrou,
  };
  const raison = refusal(r, f.today);
  return { ...r, validable: raison === null, raison };
}
