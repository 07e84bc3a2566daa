/** The wizard's last step: the import's report. */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ImportReport } from '@union/contract';
import { Counts, ReportRows } from './ImportReportViews';

export function ReportStep({
  result,
  onRestart,
  onClose,
}: {
  result: ImportReport;
  onRestart: () => void;
  onClose?: () => void;
}) {
  return (
    <Stack gap="sm">
      <Alert color="green" icon={<IconCheck size={18} />} title="Import terminé">
        {result.creations} compte{result.creations > 1 ? 's' : ''} créé{result.creations > 1 ? 's' : ''}{' '}
        (invitation envoyée), {result.misesAJour} mis à jour dans « {result.entite.nom} ».
      </Alert>
      <Counts report={result} />
      <ReportRows report={result} />
      <Group justify="space-between">
        <Button variant="default" onClick={onRestart}>
          Importer un autre fichier
        </Button>
        {onClose && <Button onClick={onClose}>Fermer</Button>}
      </Group>
    </Stack>
  );
}
