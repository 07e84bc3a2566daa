/** Editing a document's metadata (PUT /api/document), checked before sending: its file does not change. */
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import {
  DocumentType,
  DocumentUpdateSchema,
  type DocumentAudience as Audience,
  type DocumentDetail,
  type DocumentType as Type,
} from '@union/contract';
import { useForm } from '@mantine/form';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { useUpdateDocument } from '../api/documents';
import { AudienceField } from './AudienceField';
import { SessionPicker } from './SessionPicker';
import { FormActions } from '../../../components/FormActions';
import { DateField } from '../../../components/DateField';

interface FormValues {
  type: Type;
  titre: string;
  date: string;
  audience: Audience;
  idReservation: string | null;
}

export function EditDocumentModal({ doc, onClose }: { doc: DocumentDetail; onClose: () => void }) {
  const update = useUpdateDocument();
  // What the server receives: the entity and the file do not change.
  const bodyOf = (values: FormValues) => ({
    id: doc.id,
    type: values.type,
    titre: values.titre,
    date: values.date,
    idEntite: doc.idEntite,
    audience: values.audience,
    // Only a convocation names a session.
    idReservation: values.type === 'V' && values.idReservation ? Number(values.idReservation) : null,
  });
  const form = useForm<FormValues>({
    initialValues: {
      type: doc.type,
      titre: doc.titre,
      date: doc.date,
      audience: doc.audience,
      idReservation: doc.idReservation === null ? null : String(doc.idReservation),
    },
    validate: contractResolver(DocumentUpdateSchema, bodyOf),
  });
  const { type, date } = form.values;

  function submit(values: FormValues) {
    update.mutate(DocumentUpdateSchema.parse(bodyOf(values)), {
      onSuccess: () => {
        toast('success', 'Le document est modifié.');
        onClose();
      },
    });
  }

  return (
    <Modal opened onClose={onClose} title="Modifier le document" centered>
      <form onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate>
        <Stack gap="sm">
          <TextInput label="Titre" required maxLength={200} {...form.getInputProps('titre')} />
          <Select
            label="Type"
            required
            allowDeselect={false}
            data={DocumentType.codes.map((c) => ({ value: c, label: DocumentType.labels[c] }))}
            {...form.getInputProps('type')}
          />
          <DateField label="Date du document" required {...form.getInputProps('date')} />
          <AudienceField {...form.getInputProps('audience')} />
          {type === 'V' && (
            <SessionPicker
              entityId={String(doc.idEntite)}
              date={date}
              value={form.values.idReservation}
              onChange={(value) => form.setFieldValue('idReservation', value)}
            />
          )}
          <FormActions onCancel={onClose} loading={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
