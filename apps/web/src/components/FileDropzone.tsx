/**
 * The one drop zone for files (the member import, the documents' publishing): drop or click, or focus it
 * and press Enter or Space. The accepted types and the size limit are props; what it says, and why it
 * refuses a file, are written here once, in French. It only chooses files: the screen sends them (with
 * `uploadFile` or `useUploadQueue`, lib/upload.ts).
 */
import { Box, Group, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
// The dropzone's own styles (dashed frame, hover and reject states): loaded with the screens that use it.
import '@mantine/dropzone/styles.css';
import { IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useIsTouch } from './useIsTouch';

export interface FileDropzoneProps {
  /** The zone's accessible name (« Déposer les fichiers à publier »). */
  label: string;
  /** Its file input's accessible name: assistive technologies reach the input itself. */
  inputLabel: string;
  /** The accepted types: MIME type → extensions. */
  accept: Record<string, string[]>;
  /** The accepted types in words, shown under the invitation and in the refusal of another type. */
  types: string;
  /** The largest file, in bytes. */
  maxBytes: number;
  /** Added to the refusal of a file too large (« découpez-le en plusieurs fichiers »). */
  tooLargeAdvice?: string;
  /** Several files at once, or exactly one (the texts follow). */
  multiple?: boolean;
  /** While the chosen file is being sent: the zone is covered and takes nothing. */
  loading?: boolean;
  /** The icon shown while nothing is dragged over the zone. */
  icon?: ReactNode;
  onDrop: (files: File[]) => void;
  /** The refused files, one French sentence each. */
  onReject: (reasons: string[]) => void;
}

export const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Why a file was refused, in French. */
function refusalReason(
  rejection: FileRejection,
  { types, maxBytes, tooLargeAdvice }: Pick<FileDropzoneProps, 'types' | 'maxBytes' | 'tooLargeAdvice'>,
): string {
  const name = `« ${rejection.file.name} »`;
  switch (rejection.errors[0]?.code) {
    case 'file-too-large':
      return `${name} dépasse la taille maximale de ${megabytes(maxBytes)} Mo.${tooLargeAdvice ? ` ${tooLargeAdvice}` : ''}`;
    case 'file-invalid-type':
      return `${name} n'est pas d'un type accepté (${types}).`;
    case 'too-many-files':
      return 'Déposez un seul fichier à la fois.';
    default:
      return `${name} n'est pas accepté.`;
  }
}

export function FileDropzone({
  label,
  inputLabel,
  accept,
  types,
  maxBytes,
  tooLargeAdvice,
  multiple = false,
  loading = false,
  icon = <IconFileUpload size={40} stroke={1.5} />,
  onDrop,
  onReject,
}: FileDropzoneProps) {
  const hintId = useId();
  const touch = useIsTouch();
  return (
    <Dropzone
      onDrop={onDrop}
      onReject={(rejections) =>
        // One file too many is one sentence, not one per file.
        onReject([...new Set(rejections.map((r) => refusalReason(r, { types, maxBytes, tooLargeAdvice })))])
      }
      maxSize={maxBytes}
      maxFiles={multiple ? 0 : 1}
      multiple={multiple}
      accept={accept}
      loading={loading}
      aria-label={label}
      inputProps={{ 'aria-label': inputLabel, 'aria-describedby': hintId }}
    >
      <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
        {/* The icon keeps its size on a phone: the text wraps beside it instead. */}
        <Box display="flex" style={{ flex: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>{icon}</Dropzone.Idle>
        </Box>
        <div>
          <Text fw={600}>
            {touch
              ? `Touchez ici pour choisir ${multiple ? 'les fichiers' : 'le fichier'}`
              : multiple
                ? 'Déposez les fichiers ici ou cliquez pour les choisir'
                : 'Déposez le fichier ici ou cliquez pour le choisir'}
          </Text>
          <Text size="sm" c="dimmed" id={hintId}>
            {types}. {megabytes(maxBytes)} Mo au plus{multiple ? ' par fichier' : ''}.
          </Text>
        </div>
      </Group>
    </Dropzone>
  );
}
