/** Editing a document's metadata (PUT /api/document), checked before sending: its file does not change. */
import { Button, Group, Modal, Radio, Select, Stack, TextInput } from '@mantine/core';
import {
  DocumentAudience,
  DocumentType,
  DocumentUpdateSchema,
  type DocumentAudience as Audience,
  type DocumentDetail,
  type DocumentType as Type,
} from '@union/contract';
import { useState, type FormEvent } from 'react';
import { useContractCheck } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { useUpdateDocument } from '../api/documents';
import { SessionPicker } from './SessionPicker';

export function EditDocumentModal({ doc, onClose }: { doc: DocumentDetail; onClose: () => void }) {
  const update = useUpdateDocument();
  const [type, setType] = useState<Type>(doc.type);
  const [titre, setTitre] = useState(doc.titre);
  const [date, setDate] = useState(doc.date);
  const [audience, setAudience] = useState<Audience>(doc.audience);
  const [idReservation, setIdReservation] = useState<string | null>(
    doc.idReservation === null ? null : String(doc.idReservation),
  );

  const { errors, check } = useContractCheck(['titre', 'type', 'date', 'audience']);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = check(DocumentUpdateSchema, {
      id: doc.id,
      type,
      titre,
      date,
      idEntite: doc.idEntite,
      audience,
      // Only a convocation names a session.
      idReservation: type === 'V' && idReservation ? Number(idReservation) : null,
    });
    if (!body) return;
    update.mutate(body, {
      onSuccess: () => {
        toast('success', 'Le document est modifié.');
        onClose();
      },
    });
  }

  return (
    <Modal opened onClose={onClose} title="Modifier le document" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Titre"
            required
            maxLength={200}
            value={titre}
            onChange={(e) => setTitre(e.currentTarget.value)}
            error={errors.titre}
          />
          <Select
            label="Type"
            required
            allowDeselect={false}
            data={DocumentType.codes.map((c) => ({ value: c, label: DocumentType.labels[c] }))}
            value={type}
            onChange={(v) => v && setType(v as Type)}
            error={errors.type}
          />
          <TextInput
            label="Date du document"
            type="date"
            required
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.date}
          />
          <Radio.Group
            label="Destinataires"
            value={audience}
            onChange={(v) => setAudience(v as Audience)}
            error={errors.audience}
          >
            <Group gap="md" mt={4}>
              {DocumentAudience.codes.map((code) => (
                <Radio key={code} value={code} label={DocumentAudience.labels[code]} />
              ))}
            </Group>
          </Radio.Group>
          {type === 'V' && (
            <SessionPicker
              entityId={String(doc.idEntite)}
              date={date}
              value={idReservation}
              onChange={setIdReservation}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={update.isPending}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
