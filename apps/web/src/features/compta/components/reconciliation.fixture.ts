/** One account's reconciliation at the end of November, balanced: the screen's and its rows' tests. */
import type { BankReconciliation } from '@union/contract';

export const IBAN = 'FR7630006000011234567890189';

export const RECONCILIATION: BankReconciliation = {
  comptes: [{ nom: 'Compte courant', iban: IBAN, compte: '512' }],
  compte: { nom: 'Compte courant', iban: IBAN, compte: '512' },
  date: '2026-11-30',
  premierReleve: { date: '2026-11-01', soldeOuverture: 100000 },
  finReleves: '2026-11-30',
  soldeReleve: 131500,
  lignesBanque: [
    {
      id: 2,
      dateComptable: '2026-11-12',
      libelle: 'Frais de tenue de compte',
      montant: -4500,
      etat: 'IGNOREE',
    },
  ],
  totalBanque: -4500,
  ecritures: [
    {
      id: 9,
      numero: 'BQ2026-000004',
      date: '2026-11-30',
      piece: 'REM-1',
      libelle: 'Remise de chèques',
      montant: 12000,
    },
  ],
  totalEcritures: 12000,
  reprise: -100000,
  soldeComptable: 48000,
  ecart: 0,
  enAttente: 0,
  verrou: null,
  validable: true,
  raison: null,
};
