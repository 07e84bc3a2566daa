/** The wizard's second step: what the import would do, the rejected rows, and the confirmation. */
import { Alert, Button, Group, Progress, Stack } from '@mantine/core';
import type { ImportReport } from '@union/contract';
import { Counts, FileInfo, ReportRows } from './ImportReportViews';

export function PreviewStep({
  preview,
  toApply,
  sending,
  progress,
  onConfirm,
  onRestart,
}: {
  preview: ImportReport;
  /** The rows the import would create or update. */
  toApply: number;
  sending: boolean;
  progress: number;
  onConfirm: () => void;
  onRestart: () => void;
}) {
  return (
    <Stack gap="sm">
      <FileInfo report={preview} />
      <Counts report={preview} />
      {preview.colonnesIgnorees.length > 0 && (
        <Alert color="gray" title="Colonnes non utilisées">
          {preview.colonnesIgnorees.join(', ')}
        </Alert>
      )}
      {preview.rejets > 0 && (
        <Alert
          color="red"
          title={`${preview.rejets} ligne${preview.rejets > 1 ? 's' : ''} rejetée${preview.rejets > 1 ? 's' : ''}`}
        >
          Elles seront ignorées. Corrigez-les dans le fichier et recommencez, ou importez le reste.
        </Alert>
      )}
      <ReportRows report={preview} />
      {sending && <Progress value={progress} animated aria-label="Import en cours" />}
      <Group justify="space-between">
        <Button variant="default" onClick={onRestart} disabled={sending}>
          Changer de fichier
        </Button>
        <Button onClick={onConfirm} loading={sending} disabled={toApply === 0}>
          {toApply === 0 ? 'Rien à importer' : `Importer ${toApply} membre${toApply > 1 ? 's' : ''}`}
        </Button>
      </Group>
    </Stack>
  );
}
