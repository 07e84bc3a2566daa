/**
 * The wizard's first step: what the file holds, the drop zone, the upload's progress and a template to
 * start from.
 */
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES } from '@union/contract';
import { FileDropzone } from '../../../components/FileDropzone';
import { toast } from '../../../components/toast';

const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/** A CSV template with the expected header and one example row (UTF-8 with BOM so Excel reads accents). */
function downloadTemplate() {
  const header = Object.values(IMPORT_COLUMNS)
    .map((c) => c.titre)
    .join(';');
  const example = 'Dupont;Jean;jean.dupont@exemple.fr;04 78 00 00 00;Membre';
  const blob = new Blob([`\uFEFF${header}\r\n${example}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'modele-import-membres.csv';
  link.click();
  URL.revokeObjectURL(url);
}

export function FileStep({
  sending,
  progress,
  onFile,
  onClose,
}: {
  sending: boolean;
  progress: number;
  onFile: (file: File) => void;
  onClose?: () => void;
}) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Le fichier commence par une ligne de titres : <strong>Nom</strong>, <strong>Prénom</strong>,{' '}
        <strong>E-mail</strong> (obligatoires), Téléphone et Fonction (facultatives). Les membres déjà connus
        sont reconnus à leur adresse e-mail ; les nouveaux reçoivent une invitation.
      </Text>
      <FileDropzone
        label="Déposer le fichier des membres"
        inputLabel="Fichier des membres (CSV ou Excel)"
        accept={ACCEPT}
        types="CSV (séparateur « ; » ou « , », UTF-8 ou Windows-1252) ou Excel .xlsx"
        maxBytes={IMPORT_MAX_BYTES}
        tooLargeAdvice="Découpez-le en plusieurs fichiers."
        loading={sending}
        icon={<IconFileSpreadsheet size={40} stroke={1.5} />}
        onDrop={(files) => files[0] && onFile(files[0])}
        onReject={(reasons) => reasons[0] && toast('warning', reasons[0])}
      />
      {sending && (
        <Stack gap={4}>
          <Progress value={progress} animated aria-label="Envoi du fichier" />
          <Text size="xs" c="dimmed">
            {progress < 100 ? `Envoi du fichier… ${progress} %` : 'Analyse du fichier…'}
          </Text>
        </Stack>
      )}
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconDownload size={16} />} onClick={downloadTemplate}>
          Télécharger un modèle
        </Button>
        {onClose && (
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
        )}
      </Group>
    </Stack>
  );
}
