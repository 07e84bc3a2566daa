/**
 * A lodge's SEPA mandate and the debits announced (issue 34 §4), on its account for its officers:
 * read-only, the IBAN with its middle hidden; a debit the bank rejected shows why, in French.
 */
import type { SepaBatchState } from '@union/contract';
import { formatDay } from '../../../../lib/dates';
import { formatCents } from '../../../../lib/format';
import { AccountTable } from '../AccountTable';
import { useLodgeDirectDebits } from './api';

const STATES: Record<SepaBatchState, string> = {
  PREPARE: 'Annoncé',
  TRANSMIS: 'Transmis à la banque',
  ANNULE: 'Annulé',
  ENCAISSE: 'Prélevé',
};

export function LodgeDirectDebits({ entityId }: { entityId: number }) {
  const data = useLodgeDirectDebits(entityId).data;
  if (!data || (!data.mandat && !data.prelevements.length)) return null;
  const m = data.mandat;
  return (
    <AccountTable
      title="Prélèvements SEPA annoncés"
      description={
        m &&
        `Mandat ${m.rum} signé le ${formatDay(m.dateSignature)}, compte ${m.iban}` +
          (m.revoqueLe ? `, révoqué le ${formatDay(m.revoqueLe)}` : '') +
          (data.ics ? `. Identifiant créancier de l’Union : ${data.ics}.` : '.')
      }
      empty="Aucun prélèvement annoncé."
      rows={data.prelevements}
      rowKey={(p) => `${p.numeroFacture}-${p.datePrelevement}`}
      minWidth={560}
      columns={[
        { header: 'Date', cell: (p) => formatDay(p.datePrelevement) },
        { header: 'Facture', cell: (p) => p.numeroFacture },
        { header: 'Montant', right: true, bold: true, cell: (p) => formatCents(p.montant) },
        {
          header: 'État',
          cell: (p) =>
            p.retour
              ? `Rejeté le ${formatDay(p.retour.date)} : ${p.retour.motif} (${p.retour.code})`
              : STATES[p.etat],
        },
      ]}
    />
  );
}
