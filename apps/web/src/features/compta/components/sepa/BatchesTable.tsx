/**
 * The batches of SEPA debits (issue 34 §4): each with its date, state, count and total, and its file in
 * either pain.008 version (001.02, which every French bank takes; 001.08, the EPC's current one).
 */
import { Badge, Button, Group } from '@mantine/core';
import { PAIN008_VERSIONS, type Pain008Version, type SepaBatch, type SepaBatchState } from '@union/contract';
import { toast } from '../../../../components/toast';
import { formatDay } from '../../../../lib/dates';
import { formatCents } from '../../../../lib/format';
import { AccountTable, type Column } from '../AccountTable';
import { downloadPain008, useCancelBatch, useSendBatch } from './api';

const STATES: Record<SepaBatchState, { label: string; color: string }> = {
  PREPARE: { label: 'Préparé, loges prévenues', color: 'blue' },
  TRANSMIS: { label: 'Transmis à la banque', color: 'green' },
  ANNULE: { label: 'Annulé', color: 'gray' },
  ENCAISSE: { label: 'Encaissé', color: 'teal' },
};

/** Which file to give the bank: told on each button (its title), since the two read alike. */
const VERSION_HINTS: Record<Pain008Version, string> = {
  '001.02': 'Version acceptée par toutes les banques françaises',
  '001.08': 'Version actuelle de l’EPC, si votre banque la demande',
};

function Actions({ b, mayWrite }: { b: SepaBatch; mayWrite: boolean }) {
  const send = useSendBatch();
  const cancel = useCancelBatch();
  return (
    <Group gap="xs" wrap="wrap">
      {b.etat !== 'ANNULE' &&
        PAIN008_VERSIONS.map((version) => (
          <Button
            key={version}
            size="xs"
            variant="subtle"
            title={VERSION_HINTS[version]}
            onClick={() => void downloadPain008(b, version)}
            aria-label={`Télécharger le fichier pain.008.${version} du lot ${b.reference}`}
          >
            pain.008.{version}
          </Button>
        ))}
      {mayWrite && b.etat === 'PREPARE' && (
        <>
          <Button
            size="xs"
            loading={send.isPending}
            onClick={() =>
              send.mutate(b, { onSuccess: () => toast('success', 'Lot marqué transmis à la banque.') })
            }
            aria-label={`Marquer le lot ${b.reference} transmis à la banque`}
          >
            Marquer transmis
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(b, { onSuccess: () => toast('success', 'Lot annulé.') })}
            aria-label={`Annuler le lot ${b.reference}`}
          >
            Annuler le lot
          </Button>
        </>
      )}
    </Group>
  );
}

export function BatchesTable({ batches, mayWrite }: { batches: SepaBatch[]; mayWrite: boolean }) {
  const columns: Column<SepaBatch>[] = [
    { header: 'Prélevé le', cell: (b) => formatDay(b.datePrelevement) },
    { header: 'Référence', cell: (b) => b.reference },
    { header: 'État', cell: (b) => <Badge color={STATES[b.etat].color}>{STATES[b.etat].label}</Badge> },
    { header: 'Factures', right: true, cell: (b) => b.nombre },
    { header: 'Total', right: true, bold: true, cell: (b) => formatCents(b.total) },
    { header: 'Actions', cell: (b) => <Actions b={b} mayWrite={mayWrite} /> },
  ];
  return (
    <AccountTable
      title="Lots de prélèvements"
      empty="Aucun lot de prélèvements : préparez-en un à partir des factures dues."
      rows={batches}
      columns={columns}
      rowKey={(b) => b.id}
      minWidth={860}
    />
  );
}
