/**
 * Publishing (/app/doc/publier): the metadata, then files dropped or chosen. Each file becomes one
 * document with that metadata; the queue sends them one at a time (specification §4), each with its
 * progress bar and a cancel button, and shows the server's refusal (too large, wrong type) under the file.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MIME_TYPES,
  DocumentMetadataSchema,
  DocumentType,
  parisDay,
  type FieldErrors,
  DOCUMENT_CALLS,
  type DocumentPublished,
} from '@union/contract';
import { useState } from 'react';
import { FileDropzone } from '../../../components/FileDropzone';
import { contractResolver, focusFirstInvalid, idOf } from '../../../components/forms/contract-form';
import { BackLink } from '../../../components/BackLink';
import { usePageTitle } from '../../../components/usePageTitle';
import { useUploadQueue } from '../../../components/useUploadQueue';
import { refreshDocuments, useDocuments } from '../api/documents';
import { DocumentMetadataFields, type PublishValues } from './DocumentMetadataFields';
import { UploadQueueList } from './UploadQueueList';
import { toast } from '../../../components/toast';

const ACCEPT: Record<string, string[]> = Object.fromEntries(
  Object.keys(DOCUMENT_MIME_TYPES).map((mime) => [mime, DOCUMENT_EXTENSIONS]),
);
const stem = (name: string) => name.replace(/\.[^.]+$/, '');

export function PublishPage() {
  usePageTitle('Publier un document');
  const list = useDocuments({ parPage: 1 });
  const queryClient = useQueryClient();
  const entities = list.data?.publication ?? [];
  const maxBytes = list.data?.tailleMax ?? 20 * 1024 * 1024;

  const [refusals, setRefusals] = useState<string[]>([]);
  const [noFile, setNoFile] = useState(false);
  // The metadata every file will carry, checked with the contract's schema (the first file's name
  // standing for an empty title).
  const bodyOf = (values: PublishValues) => ({
    type: values.type ?? undefined,
    titre: values.titre.trim() || (waiting[0] ? stem(waiting[0].name) : 'document'),
    date: values.date,
    idEntite: idOf(values.idEntite ?? onlyEntity),
    audience: values.audience,
    idReservation: values.type === 'V' && values.idReservation ? values.idReservation : '',
  });
  const form = useForm<PublishValues>({
    initialValues: {
      type: 'V',
      titre: '',
      date: parisDay(),
      idEntite: null,
      audience: 'ENTITE',
      idReservation: null,
    },
    validate: (values): FieldErrors => contractResolver(DocumentMetadataSchema, bodyOf)(values),
  });
  const { type, titre, date, audience, idReservation } = form.values;

  const onlyEntity = entities.length === 1 ? String(entities[0]!.id) : null;
  const entityId = form.values.idEntite ?? onlyEntity;
  const entity = entities.find((e) => String(e.id) === entityId);
  const types = DocumentType.codes.filter((c) => c !== 'B' || entity?.bureau !== false);

  const queue = useUploadQueue<DocumentPublished>({
    // A multipart upload (lib/upload.ts) of the table's call: its path and its answer's schema.
    url: DOCUMENT_CALLS.publish.path,
    schema: DOCUMENT_CALLS.publish.responses[201],
    fieldName: 'fichier',
    maxFileSize: maxBytes,
    fieldsFor: (file): Record<string, string> => ({
      type: type ?? '',
      titre:
        titre.trim() === ''
          ? stem(file.name)
          : waiting.length > 1
            ? `${titre.trim()} (${stem(file.name)})`
            : titre.trim(),
      date,
      idEntite: entityId ?? '',
      audience,
      idReservation: type === 'V' && idReservation ? idReservation : '',
    }),
  });
  const waiting = queue.items.filter((i) => i.state === 'ready');

  async function send() {
    const { hasErrors } = form.validate();
    if (hasErrors) focusFirstInvalid();
    setNoFile(waiting.length === 0);
    if (hasErrors || waiting.length === 0) return;
    const published = await queue.uploadAll();
    await refreshDocuments(queryClient);
    if (published > 0)
      toast(
        'success',
        published === 1
          ? 'Document publié : vous le retrouvez dans « Tous les documents ».'
          : `${published} documents publiés : vous les retrouvez dans « Tous les documents ».`,
      );
  }

  return (
    <Stack gap="md" maw={900}>
      <BackLink to="/app/doc" parent="aux documents" />
      <Title order={2}>Publier un document</Title>
      {list.data && entities.length === 0 && (
        <Alert color="yellow" id="publish-disabled-hint">
          Vous ne gérez aucune entité : vous ne pouvez pas publier de document.
        </Alert>
      )}
      <DocumentMetadataFields form={form} entities={entities} entityId={entityId} types={types} />

      <FileDropzone
        label="Déposer les fichiers à publier"
        inputLabel="Choisir les fichiers du document"
        accept={ACCEPT}
        types="PDF, images, documents bureautiques"
        maxBytes={maxBytes}
        multiple
        onDrop={(files) => setRefusals(queue.add(files).map((r) => `« ${r.file.name} » : ${r.reason}`))}
        onReject={setRefusals}
      />
      {noFile && waiting.length === 0 && <Text c="red">Ajoutez au moins un fichier.</Text>}
      {refusals.length > 0 && (
        <Alert
          color="red"
          variant="light"
          title="Fichiers refusés"
          withCloseButton
          onClose={() => setRefusals([])}
        >
          {refusals.map((r) => (
            <Text key={r} size="sm">
              {r}
            </Text>
          ))}
        </Alert>
      )}

      <UploadQueueList
        items={queue.items}
        onCancel={(id) => queue.cancel(id)}
        onRemove={(id) => queue.remove(id)}
      />
      <Group>
        <Button
          onClick={() => void send()}
          loading={queue.isUploading}
          disabled={entities.length === 0}
          // The alert above says why the button is disabled.
          aria-describedby={list.data && entities.length === 0 ? 'publish-disabled-hint' : undefined}
        >
          Publier {waiting.length > 1 ? `les ${waiting.length} fichiers` : ''}
        </Button>
      </Group>
    </Stack>
  );
}
