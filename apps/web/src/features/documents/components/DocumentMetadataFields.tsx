/**
 * The metadata every published file will carry: the publishing entity, the type, the title, the date,
 * who may read it and, for a convocation, its session.
 */
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DocumentType, type DocumentAudience as Audience, type DocumentType as Type } from '@union/contract';
import { AudienceField } from './AudienceField';
import { SessionPicker } from './SessionPicker';
import { DateField } from '../../../components/DateField';

export interface PublishValues {
  type: Type | null;
  /** Empty: each file's name is its title. */
  titre: string;
  date: string;
  /** null: the only entity the caller manages, if there is one. */
  idEntite: string | null;
  audience: Audience;
  idReservation: string | null;
}

export function DocumentMetadataFields({
  form,
  entities,
  entityId,
  types,
}: {
  form: UseFormReturnType<PublishValues>;
  /** The entities the reader may publish for. */
  entities: { id: number; nom: string }[];
  /** The chosen entity, or the only one the reader manages. */
  entityId: string | null;
  /** The document types this entity may publish. */
  types: Type[];
}) {
  const { type, date, idReservation } = form.values;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Loge ou association qui publie"
        required
        data={entities.map((e) => ({ value: String(e.id), label: e.nom }))}
        {...form.getInputProps('idEntite')}
        value={entityId}
        onChange={(v) => {
          form.setFieldValue('idEntite', v);
          // A session belongs to its entity: another entity's convocation starts without one.
          form.setFieldValue('idReservation', null);
        }}
      />
      <Select
        label="Type"
        required
        data={types.map((c) => ({ value: c, label: DocumentType.labels[c] }))}
        {...form.getInputProps('type')}
      />
      <TextInput
        label="Titre"
        description="Laissé vide, le nom de chaque fichier sert de titre."
        maxLength={200}
        {...form.getInputProps('titre')}
      />
      <DateField label="Date du document" required {...form.getInputProps('date')} />
      <AudienceField {...form.getInputProps('audience')} />
      {type === 'V' && entityId && (
        <SessionPicker
          entityId={entityId}
          date={date}
          value={idReservation}
          onChange={(value) => form.setFieldValue('idReservation', value)}
        />
      )}
    </SimpleGrid>
  );
}
