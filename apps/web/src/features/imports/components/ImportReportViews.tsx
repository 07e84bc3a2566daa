/**
 * The pieces of an import report shown by the preview and by the final report: the file read, the
 * counts per action and the rows, filtered by action.
 */
import {
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { ImportAction, type ImportReport, type ImportRow } from '@union/contract';
import { useState } from 'react';

/** Rows shown per list; the counts always give the whole. */
const SHOWN_ROWS = 200;

/** Labels once the import is done (the contract's labels describe the preview). */
const DONE_LABELS: Record<ImportAction, string> = {
  creation: 'Créés',
  mise_a_jour: 'Mis à jour',
  inchangee: 'Inchangés',
  rejet: 'Ignorées',
};
const labelOf = (action: ImportAction, dryRun: boolean) =>
  dryRun ? ImportAction.labels[action] : DONE_LABELS[action];

const ACTION_COLORS: Record<ImportAction, string> = {
  creation: 'green',
  mise_a_jour: 'blue',
  inchangee: 'gray',
  rejet: 'red',
};

export function Counts({ report }: { report: ImportReport }) {
  const counts: [ImportAction, number][] = [
    ['creation', report.creations],
    ['mise_a_jour', report.misesAJour],
    ['inchangee', report.inchangees],
    ['rejet', report.rejets],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {counts.map(([action, n]) => (
        <Paper
          key={action}
          withBorder
          p="sm"
          radius="md"
          aria-label={`${labelOf(action, report.dryRun)} : ${n}`}
        >
          <Text size="xl" fw={700} c={n > 0 ? ACTION_COLORS[action] : 'dimmed'}>
            {n}
          </Text>
          <Text size="sm" c="dimmed">
            {labelOf(action, report.dryRun)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function RowsTable({ rows, withReason }: { rows: ImportRow[]; withReason: boolean }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  const shown = rows.slice(0, SHOWN_ROWS);
  const more = rows.length > shown.length && (
    <Text size="xs" c="dimmed">
      … et {rows.length - shown.length} autres lignes.
    </Text>
  );
  if (narrow) {
    // On a phone, one block per row reads better than a table scrolled sideways.
    return (
      <Stack gap={6}>
        {shown.map((row) => (
          <Paper key={row.ligne} withBorder p="xs" radius="sm">
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              Ligne {row.ligne} · {[row.nom, row.prenom].filter(Boolean).join(' ') || '—'}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.email || '—'}
              {row.fonction ? ` · ${row.fonction}` : ''}
            </Text>
            <Text size="xs">{row.motif ?? (row.identifiant ? `Identifiant ${row.identifiant}` : '')}</Text>
          </Paper>
        ))}
        {more}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <ScrollArea type="auto" mah={320}>
        <Table miw={560} striped verticalSpacing={4} fz="sm" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>Ligne</Table.Th>
              <Table.Th>Nom et prénom</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>{withReason ? 'Motif' : 'Détail'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.ligne}>
                <Table.Td>{row.ligne}</Table.Td>
                <Table.Td>
                  {[row.nom, row.prenom].filter(Boolean).join(' ') || '—'}
                  {row.fonction && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {row.fonction}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.email || '—'}</Table.Td>
                <Table.Td>
                  {row.motif ??
                    (row.identifiant ? (
                      <Text span size="sm">
                        Identifiant <strong>{row.identifiant}</strong>
                      </Text>
                    ) : (
                      '—'
                    ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {more}
    </Stack>
  );
}

/** The rows of the report, filtered by action. */
export function ReportRows({ report }: { report: ImportReport }) {
  const available = ImportAction.codes.filter((a) => report.lignes.some((l) => l.action === a));
  const [action, setAction] = useState<ImportAction | undefined>(
    available.includes('rejet') ? 'rejet' : available[0],
  );
  if (!action || available.length === 0) return null;
  const rows = report.lignes.filter((l) => l.action === action);
  return (
    <Stack gap="xs">
      {available.length > 1 && (
        <ScrollArea type="auto">
          <SegmentedControl
            size="xs"
            value={action}
            onChange={(value) => setAction(value as ImportAction)}
            data={available.map((a) => ({
              value: a,
              label: `${labelOf(a, report.dryRun)} (${report.lignes.filter((l) => l.action === a).length})`,
            }))}
          />
        </ScrollArea>
      )}
      <RowsTable rows={rows} withReason={action === 'rejet'} />
    </Stack>
  );
}

export function FileInfo({ report }: { report: ImportReport }) {
  const { fichier } = report;
  const details =
    fichier.format === 'xlsx'
      ? 'classeur Excel'
      : `CSV, ${fichier.encodage ?? ''}, séparateur « ${fichier.separateur ?? ';'} »`;
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon variant="light" radius="xl" aria-hidden>
        <IconFileSpreadsheet size={18} />
      </ThemeIcon>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        <strong>{fichier.nom}</strong> — {details}, {report.total} ligne{report.total > 1 ? 's' : ''}
      </Text>
    </Group>
  );
}
