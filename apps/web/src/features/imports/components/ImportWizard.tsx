/**
 * The member import wizard: choose a file, read the preview (counts, rejected rows with their reason,
 * what will be created or updated), confirm, read the report. The server does every check; the preview
 * and the import send the same file, the first with dryRun=true.
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
// The dropzone's own styles (dashed frame, hover and reject states): only this screen uses it.
import '@mantine/dropzone/styles.css';
import { IconCheck, IconDownload, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  ImportAction,
  type ImportReport,
  type ImportRow,
} from '@union/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { useImportMembers } from '../api/import-members';

export interface ImportWizardProps {
  /** The entity the members join. */
  entite: { id: number; nom: string };
  /** Called after a successful import (to refresh lists), and when the user closes the report. */
  onImported?: (report: ImportReport) => void;
  onClose?: () => void;
}

const MAX_MB = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);
const STEPS = ['Fichier', 'Aperçu', 'Compte rendu'];

/** Rows shown per list; the counts always give the whole. */
const SHOWN_ROWS = 200;

const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

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

function rejectionText(rejection: FileRejection): string {
  const code = rejection.errors[0]?.code;
  if (code === 'file-too-large')
    return `Le fichier dépasse ${MAX_MB} Mo : découpez-le en plusieurs fichiers.`;
  if (code === 'too-many-files') return 'Déposez un seul fichier à la fois.';
  return 'Ce type de fichier n’est pas accepté : choisissez un fichier CSV ou Excel (.xlsx).';
}

function Counts({ report }: { report: ImportReport }) {
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
function ReportRows({ report }: { report: ImportReport }) {
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

function FileInfo({ report }: { report: ImportReport }) {
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

export function ImportWizard({ entite, onImported, onClose }: ImportWizardProps) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const [progress, setProgress] = useState(0);
  const send = useImportMembers();
  const narrow = useMediaQuery('(max-width: 36em)');
  const step = result ? 2 : preview ? 1 : 0;
  const toApply = preview ? preview.creations + preview.misesAJour : 0;

  function analyse(chosen: File) {
    setFile(chosen);
    setProgress(0);
    send.mutate(
      { idEntite: entite.id, file: chosen, dryRun: true, onProgress: setProgress },
      { onSuccess: setPreview, onError: () => setFile(null) },
    );
  }

  async function confirmImport() {
    if (!file || !preview) return;
    const details = [
      `${preview.creations} compte${preview.creations > 1 ? 's' : ''} créé${preview.creations > 1 ? 's' : ''}, avec une invitation par e-mail`,
      `${preview.misesAJour} membre${preview.misesAJour > 1 ? 's' : ''} mis à jour`,
    ];
    if (preview.rejets > 0)
      details.push(
        `${preview.rejets} ligne${preview.rejets > 1 ? 's' : ''} rejetée${preview.rejets > 1 ? 's' : ''}, ignorée${preview.rejets > 1 ? 's' : ''}`,
      );
    const answer = await openDialog({
      type: 'question',
      title: 'Confirmer l’import',
      text: `Importer ce fichier dans « ${entite.nom} » ? Tout est enregistré en une fois, ou rien en cas d’erreur.`,
      details,
    });
    if (answer !== 'ok') return;
    setProgress(0);
    send.mutate(
      { idEntite: entite.id, file, dryRun: false, onProgress: setProgress },
      {
        onSuccess: (report) => {
          setResult(report);
          toast(
            'success',
            `Import terminé : ${report.creations} créé${report.creations > 1 ? 's' : ''}, ${report.misesAJour} mis à jour.`,
          );
          onImported?.(report);
        },
      },
    );
  }

  function restart() {
    setFile(null);
    setPreview(null);
    setResult(null);
    send.reset();
  }

  return (
    <Stack gap="md">
      <Stepper active={step} size="sm" allowNextStepsSelect={false} aria-label="Étapes de l’import">
        {STEPS.map((label, index) => (
          // On a phone only the current step is named, so the three stay on one line.
          <Stepper.Step key={label} label={narrow && index !== step ? undefined : label} aria-label={label} />
        ))}
      </Stepper>

      {step === 0 && (
        <Stack gap="sm">
          <Text size="sm">
            Le fichier commence par une ligne de titres : <strong>Nom</strong>, <strong>Prénom</strong>,{' '}
            <strong>E-mail</strong> (obligatoires), Téléphone et Fonction (facultatives). Les membres déjà
            connus sont reconnus à leur adresse e-mail ; les nouveaux reçoivent une invitation.
          </Text>
          <Dropzone
            onDrop={(files) => files[0] && analyse(files[0])}
            onReject={(rejections) => rejections[0] && toast('warning', rejectionText(rejections[0]))}
            maxSize={IMPORT_MAX_BYTES}
            maxFiles={1}
            multiple={false}
            accept={ACCEPT}
            loading={send.isPending}
            aria-label="Déposer le fichier des membres"
            // The hidden file input is reachable by assistive technologies: it needs its own name.
            inputProps={{ 'aria-label': 'Fichier des membres (CSV ou Excel)' }}
          >
            <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
              <Dropzone.Accept>
                <IconUpload size={40} stroke={1.5} />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={40} stroke={1.5} />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconFileSpreadsheet size={40} stroke={1.5} />
              </Dropzone.Idle>
              <div>
                <Text fw={500}>Déposez le fichier ici ou cliquez pour le choisir</Text>
                <Text size="sm" c="dimmed">
                  CSV (séparateur « ; » ou « , », UTF-8 ou Windows-1252) ou Excel .xlsx, {MAX_MB} Mo au plus
                </Text>
              </div>
            </Group>
          </Dropzone>
          {send.isPending && (
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
      )}

      {step === 1 && preview && (
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
          {send.isPending && <Progress value={progress} animated aria-label="Import en cours" />}
          <Group justify="space-between">
            <Button variant="default" onClick={restart} disabled={send.isPending}>
              Changer de fichier
            </Button>
            <Button onClick={confirmImport} loading={send.isPending} disabled={toApply === 0}>
              {toApply === 0 ? 'Rien à importer' : `Importer ${toApply} membre${toApply > 1 ? 's' : ''}`}
            </Button>
          </Group>
        </Stack>
      )}

      {step === 2 && result && (
        <Stack gap="sm">
          <Alert color="green" icon={<IconCheck size={18} />} title="Import terminé">
            {result.creations} compte{result.creations > 1 ? 's' : ''} créé{result.creations > 1 ? 's' : ''}{' '}
            (invitation envoyée), {result.misesAJour} mis à jour dans « {result.entite.nom} ».
          </Alert>
          <Counts report={result} />
          <ReportRows report={result} />
          <Group justify="space-between">
            <Button variant="default" onClick={restart}>
              Importer un autre fichier
            </Button>
            {onClose && <Button onClick={onClose}>Fermer</Button>}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
