/** A till session's movements, each with its receipt to print again. */
import { Alert, Button, Table } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { TillSessionDetail } from '@union/contract';
import { ScrollTable } from '../../../components/ScrollTable';
import { formatDateTime } from '../../../lib/dates';
import { formatCents } from '../../../lib/format';
import { downloadReceipt } from '../api/desk';
import { asyncHandler } from '../../../components/error-handler';

export function TillSessionMovements({ session }: { session: TillSessionDetail }) {
  if (session.mouvements.length === 0) {
    return (
      <Alert variant="light" color="gray" icon={<IconInbox />}>
        Aucun mouvement dans cette session.
      </Alert>
    );
  }
  return (
    <ScrollTable label="Mouvements de la session" minWidth={720}>
      <Table striped aria-label="Mouvements de la session">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Heure</Table.Th>
            <Table.Th>Carte de</Table.Th>
            <Table.Th>Opération</Table.Th>
            <Table.Th>Montant</Table.Th>
            <Table.Th>Solde après</Table.Th>
            <Table.Th>Par</Table.Th>
            <Table.Th>Reçu</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {session.mouvements.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{formatDateTime(m.date)}</Table.Td>
              <Table.Td>{m.titulaire}</Table.Td>
              <Table.Td>{m.type === 'V' ? `Vente : ${m.libelle}` : m.libelle}</Table.Td>
              <Table.Td>{formatCents(m.montant)}</Table.Td>
              <Table.Td>{formatCents(m.soldeApres)}</Table.Td>
              <Table.Td>{m.auteur ? `${m.auteur.prenom} ${m.auteur.nom}` : ''}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={`Imprimer le reçu n° ${m.id} (${m.titulaire})`}
                  onClick={asyncHandler(() => downloadReceipt(m.id))}
                >
                  Reçu n° {m.id}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
