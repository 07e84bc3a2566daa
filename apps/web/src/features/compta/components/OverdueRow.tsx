/** One overdue invoice of « Relances »: its choice box, due date and delay, what was and will be sent, its letters. */
import { Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { plural, type OverdueInvoice } from '@union/contract';
import { Link } from 'react-router';
import { asyncHandler } from '../../../components/error-handler';
import { formatDay } from '../../../lib/dates';
import { formatCents } from '../../../lib/format';
import { downloadLetter } from '../api/bulk';
import { REMINDER_LEVELS as LEVELS } from './shared';

export function OverdueRow({
  line: l,
  mayWrite,
  selected,
  onToggle,
}: {
  line: OverdueInvoice;
  mayWrite: boolean;
  selected: boolean;
  onToggle: (id: number, on: boolean) => void;
}) {
  return (
    <Table.Tr>
      {mayWrite && (
        <Table.Td>
          <Checkbox
            aria-label={`Relancer la facture ${l.numeroFacture} (${l.entite.nom})`}
            checked={selected}
            disabled={!l.aEnvoyer}
            onChange={(e) => onToggle(l.id, e.currentTarget.checked)}
          />
        </Table.Td>
      )}
      <Table.Td>
        <Link to={`../commandes/${l.id}`}>{l.numeroFacture}</Link>
      </Table.Td>
      <Table.Td>{l.entite.nom}</Table.Td>
      <Table.Td>
        {formatDay(l.dateEcheance)}
        <Text size="xs" c="dimmed">
          {plural(l.joursRetard, 'jour de retard', 'jours de retard')}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{formatCents(l.reste)}</Table.Td>
      <Table.Td>
        {l.niveauEnvoye ? `${LEVELS[l.niveauEnvoye]} (${formatDay(l.derniereRelance)})` : 'Aucune'}
      </Table.Td>
      <Table.Td>
        {l.aEnvoyer && l.prochainNiveau ? (
          <Text size="sm" fw={600}>
            {LEVELS[l.prochainNiveau]}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {l.raison}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="wrap">
          {l.lettres.map((lettre) => (
            <Button
              key={lettre.rang}
              size="compact-xs"
              variant="default"
              aria-label={`Télécharger la lettre ${lettre.rang} (${LEVELS[lettre.niveau]}, ${formatDay(lettre.date)}) de la facture ${l.numeroFacture}`}
              onClick={asyncHandler(() => downloadLetter(l.id, lettre.rang))}
            >
              {`Niveau ${lettre.niveau}, ${formatDay(lettre.date)}`}
            </Button>
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
