/** The fee calls of a year, one row per lodge: members, each instalment called and paid, what remains due. */
import { Alert, Button, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { Instalment, type FeeCall } from '@union/contract';
import { useState } from 'react';
import { asyncHandler } from '../../../components/error-handler';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatCents } from '../../../lib/format';
import { exportFeeTable, masonicYearOf, useFeeTable } from '../api/orders';
import { ComptaNav } from './ComptaNav';
import { yearOptions } from './shared';
import { ScrollTable } from '../../../components/ScrollTable';

const INSTALMENTS = ['A', 'B', 'C', 'D'] as const;

function Cell({ value }: { value: FeeCall }) {
  if (!value) return <Text c="dimmed">—</Text>;
  return (
    <Text size="sm">
      {formatCents(value.appele)}
      <br />
      <Text span size="xs" c={value.paye >= value.appele ? 'green' : 'dimmed'}>
        payé {formatCents(value.paye)}
      </Text>
    </Text>
  );
}

export function FeeTablePage() {
  usePageTitle('Tableau des cotisations');
  const [annee, setAnnee] = useState(masonicYearOf());
  const { data, isPending, isError } = useFeeTable(annee);
  const totals = (data?.lignes ?? []).reduce(
    (sum, l) => ({ appele: sum.appele + l.appele, paye: sum.paye + l.paye, reste: sum.reste + l.reste }),
    { appele: 0, paye: 0, reste: 0 },
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Tableau des cotisations</Title>
      </Group>
      <ComptaNav />
      <Group align="flex-end" gap="sm">
        <Select
          label="Année"
          data={yearOptions()}
          value={String(annee)}
          onChange={(v) => v && setAnnee(Number(v))}
          allowDeselect={false}
          w={160}
        />
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} />}
          onClick={asyncHandler(() =>
            exportFeeTable(annee).then((name) => toast('success', `Le fichier « ${name} » est téléchargé.`)),
          )}
        >
          Exporter en Excel
        </Button>
      </Group>
      {isPending && <Loader aria-label="Chargement du tableau" />}
      {isError && <Alert color="red">Le tableau des cotisations n'a pas pu être chargé.</Alert>}
      {data && data.lignes.length === 0 && <Alert color="gray">Aucune loge ni association à appeler.</Alert>}
      {data && data.lignes.length > 0 && (
        <ScrollTable label="Cotisations par loge" minWidth={900}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Loge ou association</Table.Th>
                <Table.Th ta="right">Membres actifs</Table.Th>
                {INSTALMENTS.map((t) => (
                  <Table.Th key={t}>{Instalment.labels[t]}</Table.Th>
                ))}
                <Table.Th ta="right">Appelé</Table.Th>
                <Table.Th ta="right">Payé</Table.Th>
                <Table.Th ta="right">Reste dû</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lignes.map((l) => (
                <Table.Tr key={l.entite.id}>
                  <Table.Td>
                    <Text fw={500}>{l.entite.nom}</Text>
                    <Text size="xs" c="dimmed">
                      {l.type}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{l.membres}</Table.Td>
                  {INSTALMENTS.map((t) => (
                    <Table.Td key={t}>
                      <Cell value={l.tranches[t]} />
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">{formatCents(l.appele)}</Table.Td>
                  <Table.Td ta="right">{formatCents(l.paye)}</Table.Td>
                  <Table.Td ta="right" fw={l.reste > 0 ? 700 : undefined} c={l.reste > 0 ? 'red' : undefined}>
                    {formatCents(l.reste)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={6}>Total</Table.Th>
                <Table.Th ta="right">{formatCents(totals.appele)}</Table.Th>
                <Table.Th ta="right">{formatCents(totals.paye)}</Table.Th>
                <Table.Th ta="right">{formatCents(totals.reste)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
