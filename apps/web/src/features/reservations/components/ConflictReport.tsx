/** What saving an entry (or opening a year) placed, and the dates it could not place, with why. */
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { plural, type PlanningConflict } from '@union/contract';
import { longDate, capitalized } from '../api/dates';

export interface Report {
  title: string;
  creees: number;
  conflits: (PlanningConflict & { entree?: string })[];
}

export function ConflictReport({ report, onClose }: { report: Report | null; onClose: () => void }) {
  return (
    <Modal opened={report !== null} onClose={onClose} title={report?.title} size="lg" centered>
      {report && (
        <Stack gap="sm">
          <Text>
            {report.creees === 0
              ? 'Aucune réservation créée.'
              : `${report.creees} réservation${report.creees > 1 ? 's' : ''} confirmée${report.creees > 1 ? 's' : ''} créée${report.creees > 1 ? 's' : ''}.`}
          </Text>
          {report.conflits.length === 0 ? (
            <Alert color="green" variant="light">
              Toutes les dates ont été placées.
            </Alert>
          ) : (
            <>
              <Alert
                color="orange"
                variant="light"
                title={`${plural(report.conflits.length, 'date non placée', 'dates non placées')}`}
              >
                Ces dates n’ont pas été réservées ; traitez-les depuis le planning si nécessaire.
              </Alert>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Raison</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.conflits.map((c, i) => (
                    <Table.Tr key={`${c.date}-${i}`}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{capitalized(longDate(c.date))}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {c.entree ? <strong>{c.entree} : </strong> : null}
                        {c.raison}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Fermer</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
