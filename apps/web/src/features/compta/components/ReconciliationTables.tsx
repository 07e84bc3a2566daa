/**
 * The bank reconciled, on screen (issue 34 §3): the small table that goes from the statement's balance
 * to the books', and the lines of each side the other lacks (a fee not yet in the books, a cheque
 * deposit not yet on a statement).
 */
import { Badge, Paper, Table, Title } from '@mantine/core';
import type { BankReconciliation, UnmatchedBankLine, UnmatchedEntry } from '@union/contract';
import { formatDay } from '../../../lib/dates';
import { formatCents } from '../../../lib/format';
import { AccountTable, type Column } from './AccountTable';
import { explanationRows } from './reconciliation-rows';

const STATES: Record<UnmatchedBankLine['etat'], { label: string; color: string }> = {
  A_TRAITER: { label: 'En attente', color: 'orange' },
  IGNOREE: { label: 'Sans correspondance', color: 'gray' },
  RAPPROCHEE: { label: 'Paiement hors de la période ou du compte', color: 'blue' },
};

export function ExplanationTable({ r }: { r: BankReconciliation }) {
  const rows = explanationRows(r);
  if (!rows) return null;
  return (
    <Paper withBorder p="md" maw={720}>
      <Table>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Title order={3} fz="h4" component="span">
            Du relevé à la comptabilité, au {formatDay(r.date)}
          </Title>
        </Table.Caption>
        <Table.Tbody>
          {rows.map((row) => {
            const strong = row.kind !== 'ligne';
            const alert = row.kind === 'ecart' && row.montant !== 0;
            return (
              <Table.Tr key={row.libelle}>
                <Table.Th scope="row" fw={strong ? 700 : 400}>
                  {row.libelle}
                </Table.Th>
                <Table.Td
                  ta="right"
                  fw={strong ? 700 : 400}
                  c={alert ? 'red.9' : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {formatCents(row.montant)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

export function UnmatchedTables({ r }: { r: BankReconciliation }) {
  const lineColumns: Column<UnmatchedBankLine>[] = [
    { header: 'Date', cell: (l) => formatDay(l.dateComptable) },
    { header: 'Libellé', cell: (l) => l.libelle || '—', phoneRank: 1 },
    { header: 'Montant', right: true, bold: true, cell: (l) => formatCents(l.montant), phoneRank: 2 },
    {
      header: 'État',
      cell: (l) => <Badge color={STATES[l.etat].color}>{STATES[l.etat].label}</Badge>,
    },
  ];
  const entryColumns: Column<UnmatchedEntry>[] = [
    { header: 'Date', cell: (e) => formatDay(e.date) },
    { header: 'Écriture', cell: (e) => e.numero },
    { header: 'Pièce', cell: (e) => e.piece },
    { header: 'Libellé', cell: (e) => e.libelle, phoneRank: 1 },
    { header: 'Montant', right: true, bold: true, cell: (e) => formatCents(e.montant), phoneRank: 2 },
  ];
  return (
    <>
      <AccountTable
        title="Opérations du relevé absentes de la comptabilité"
        description="En attente, laissées sans correspondance, ou dont le paiement est ailleurs."
        empty="Toutes les opérations du relevé sont en comptabilité."
        rows={r.lignesBanque}
        columns={lineColumns}
        rowKey={(l) => l.id}
        minWidth={640}
      />
      <AccountTable
        title={`Écritures du compte ${r.compte?.compte ?? '512'} absentes du relevé`}
        description="Une remise de chèques, un virement émis : la banque ne les a pas encore portés au relevé."
        empty="Toutes les écritures du compte figurent au relevé."
        rows={r.ecritures}
        columns={entryColumns}
        rowKey={(e) => e.id}
        minWidth={720}
      />
    </>
  );
}
