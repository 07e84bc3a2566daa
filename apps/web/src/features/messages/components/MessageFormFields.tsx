/**
 * The fields of the broadcast message form: title, text, level, window, audience, status and e-mail.
 */
import {
  Checkbox,
  Group,
  MultiSelect,
  Radio,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MessageLevel, type Message, type MessageLevel as Level } from '@union/contract';
import { DateField } from '../../../components/DateField';

export interface FormValues {
  titre: string;
  texte: string;
  niveau: Level;
  debut: string;
  /** Empty: no end. */
  fin: string;
  tous: boolean;
  entites: string[];
  actif: boolean;
  email: boolean;
}

interface EntityOption {
  id: number;
  nom: string;
  etat: string;
}

export function MessageFormFields({
  form,
  message,
  entities,
}: {
  form: UseFormReturnType<FormValues>;
  message: Message | null;
  entities: EntityOption[];
}) {
  const { niveau, tous } = form.values;
  return (
    <>
      <TextInput label="Titre" required maxLength={150} {...form.getInputProps('titre')} />
      <Textarea
        label="Texte"
        description="Texte simple : les retours à la ligne sont gardés, les adresses web deviennent des liens."
        required
        autosize
        minRows={4}
        maxLength={4000}
        {...form.getInputProps('texte')}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="niveau-label">
          Niveau
        </Text>
        <SegmentedControl
          aria-labelledby="niveau-label"
          value={niveau}
          onChange={(v) => form.setFieldValue('niveau', v as Level)}
          data={MessageLevel.codes.map((c) => ({ value: c, label: MessageLevel.labels[c] }))}
        />
      </Stack>
      <Group grow align="flex-end">
        <DateField label="Affiché à partir du" required {...form.getInputProps('debut')} />
        <DateField
          label="Jusqu'au (inclus)"
          description="Vide : sans fin"
          clearLabel="Effacer la date de fin"
          {...form.getInputProps('fin')}
        />
      </Group>
      <Radio.Group
        label="Destinataires"
        {...form.getInputProps('tous')}
        value={tous ? 'tous' : 'entites'}
        onChange={(v) => form.setFieldValue('tous', v === 'tous')}
      >
        <Group gap="md" mt={4}>
          <Radio value="tous" label="Tout le monde" />
          <Radio value="entites" label="Les membres d'entités choisies" />
        </Group>
      </Radio.Group>
      {!tous && (
        <MultiSelect
          label="Loges et associations"
          searchable
          data={entities.filter((e) => e.etat === 'A').map((e) => ({ value: String(e.id), label: e.nom }))}
          {...form.getInputProps('entites')}
        />
      )}
      <Switch
        label="Actif (affiché sur les portails pendant sa période)"
        {...form.getInputProps('actif', { type: 'checkbox' })}
      />
      <Checkbox
        label={
          message?.envoyeLe
            ? 'Envoyé par e-mail'
            : 'Envoyer aussi par e-mail aux destinataires (une seule fois)'
        }
        {...form.getInputProps('email', { type: 'checkbox' })}
        disabled={Boolean(message?.envoyeLe)}
      />
    </>
  );
}
