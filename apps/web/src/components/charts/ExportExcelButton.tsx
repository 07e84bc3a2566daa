/**
 * « Exporter (Excel) », every dashboard's one way to take its figures away (issue 33): downloads the
 * dashboard's workbook (a sheet per chart, written by the API's lib/excel.ts) and says so in a toast.
 */
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { downloadFile } from '../../lib/download';
import { asyncHandler } from '../error-handler';
import { toast } from '../toast';

export function ExportExcelButton({ path, fileName }: { path: string; fileName: string }) {
  return (
    <Button
      variant="light"
      leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
      className="chart-panel-toggle"
      onClick={asyncHandler(() =>
        downloadFile(path, fileName).then((name) => toast('success', `Fichier ${name} téléchargé.`)),
      )}
    >
      Exporter (Excel)
    </Button>
  );
}
