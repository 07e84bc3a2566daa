/**
 * Adds or changes an entry of the annual planning: lodge, room, hours, rule and months. The entry is
 * checked with the contract's schema before it is sent.
 */
import { Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  FIRST_START_MINUTES,
  LAST_END_MINUTES,
  LAST_START_MINUTES,
  MASONIC_MONTHS,
  MONTH_LABELS,
  PlanningInputSchema,
  ReservationType,
  Weekday,
  type PlanningEntry,
  type PlanningInput,
  type Room,
  hhmmOf,
  minutesOf,
} from '@union/contract';
import { useForm } from '@mantine/form';
import { contractResolver, focusFirstInvalid, idOf } from '../../../components/forms/contract-form';
import type { EntityOption } from '../api/reference';
import { FormActions } from '../../../components/FormActions';

const halfHours = (from: number, to: number) =>
  Array.from({ length: (to - from) / 30 + 1 }, (_, i) => hhmmOf(from + i * 30));
const STARTS = halfHours(FIRST_START_MINUTES, LAST_START_MINUTES);
const ENDS = halfHours(FIRST_START_MINUTES + 30, LAST_END_MINUTES);
const RANKS = [
  { value: '0', label: 'Chaque' },
  { value: '1', label: '1er' },
  { value: '2', label: '2e' },
  { value: '3', label: '3e' },
  { value: '4', label: '4e' },
  { value: '-1', label: 'Dernier' },
];
const DAYS = Weekday.codes.map((code) => ({ value: code, label: Weekday.labels[code] }));
const TYPES = ReservationType.codes.map((code) => ({ value: code, label: ReservationType.labels[code] }));
/** The rule's fields, shown under their own names. */
const RENAMED = { 'regle.jourSemaine': 'jour', 'regle.rang': 'rang' };

interface FormValues {
  idEntite: string | null;
  idSalle: string | null;
  type: string | null;
  libelle: string;
  heureDebut: string | null;
  heureFin: string | null;
  /** '0' for every such day of the month, '-1' for the last one. */
  rang: string | null;
  jour: string | null;
  mois: string[];
}

const valuesOf = (e: PlanningEntry | null): FormValues => ({
  idEntite: e ? String(e.idEntite) : null,
  idSalle: e ? String(e.idSalle) : null,
  type: e?.type ?? 'TC',
  libelle: e?.libelle ?? 'Tenue régulière',
  heureDebut: e?.heureDebut ?? '19:30',
  heureFin: e?.heureFin ?? '23:00',
  rang: e ? String(e.regle.rang ?? 0) : '2',
  jour: e ? String(e.regle.jourSemaine) : '2',
  mois: (e?.mois ?? [9, 10, 11, 12, 1, 2, 3, 4, 5, 6]).map(String),
});

export interface EntryTarget {
  annee: number;
  entry: PlanningEntry | null;
}

interface Props {
  target: EntryTarget | null;
  rooms: Room[];
  entities: EntityOption[];
  saving: boolean;
  onSave: (id: number | null, input: PlanningInput) => void;
  onClose: () => void;
}

export function PlanningEntryForm({ target, ...props }: Props) {
  return (
    <Modal
      opened={target !== null}
      onClose={props.onClose}
      title={target?.entry ? 'Modifier la tenue régulière' : 'Ajouter une tenue régulière'}
      size="lg"
      centered
    >
      {target && <EntryBody key={target.entry?.id ?? 'new'} target={target} {...props} />}
    </Modal>
  );
}

function EntryBody({ target, rooms, entities, saving, onSave, onClose }: Props & { target: EntryTarget }) {
  const e = target.entry;
  // What the server receives.
  const bodyOf = (values: FormValues) => ({
    annee: target.annee,
    idEntite: idOf(values.idEntite),
    idSalle: idOf(values.idSalle),
    type: values.type ?? undefined,
    libelle: values.libelle,
    heureDebut: values.heureDebut ?? undefined,
    heureFin: values.heureFin ?? undefined,
    regle: { jourSemaine: idOf(values.jour), rang: values.rang === '0' ? null : Number(values.rang) },
    mois: values.mois.map(Number),
  });
  const form = useForm<FormValues>({
    initialValues: valuesOf(e),
    validate: contractResolver(PlanningInputSchema, bodyOf, RENAMED),
  });
  const {
    idEntite,
    idSalle,
    type,
    libelle,
    heureDebut: debut,
    heureFin: fin,
    rang,
    jour,
    mois,
  } = form.values;
  // Said under the disabled submit: what is still to fill in.
  const missing = [
    !idEntite && 'la loge ou association',
    !idSalle && 'la salle',
    !type && 'le type',
    !libelle.trim() && 'le libellé',
    !debut && "l'heure de début",
    !fin && "l'heure de fin",
    !rang && 'la règle',
    !jour && 'le jour',
    mois.length === 0 && 'au moins un mois',
  ].filter(Boolean);
  const reason = missing.length > 0 ? `À compléter : ${missing.join(', ')}.` : null;
  const roomOptions = rooms
    .filter((r) => r.active || r.id === e?.idSalle)
    .map((r) => ({ value: String(r.id), label: r.nom }));

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (reason) return;
        onSave(e?.id ?? null, PlanningInputSchema.parse(bodyOf(values)));
      }, focusFirstInvalid)}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Loge ou association"
            data={entities.map((x) => ({ value: String(x.id), label: x.nom }))}
            {...form.getInputProps('idEntite')}
            searchable
            required
          />
          <Select label="Salle" data={roomOptions} {...form.getInputProps('idSalle')} required />
          <Select label="Type" data={TYPES} {...form.getInputProps('type')} required />
          <TextInput label="Libellé" {...form.getInputProps('libelle')} maxLength={200} required />
          <Select label="Heure de début" data={STARTS} {...form.getInputProps('heureDebut')} required />
          <Select
            label="Heure de fin"
            data={ENDS.filter((x) => !debut || minutesOf(x) > minutesOf(debut))}
            {...form.getInputProps('heureFin')}
            required
          />
        </SimpleGrid>
        <Group grow gap="sm" align="flex-end">
          <Select label="Règle" data={RANKS} {...form.getInputProps('rang')} required />
          <Select label="Jour" data={DAYS} {...form.getInputProps('jour')} required />
        </Group>
        <Text size="sm" c="dimmed">
          {rang === '0' ? 'chaque' : RANKS.find((r) => r.value === rang)?.label.toLowerCase()}{' '}
          {DAYS.find((d) => d.value === jour)?.label}
          {rang === '0' ? '' : ' du mois'}
        </Text>
        <Checkbox.Group label="Mois" {...form.getInputProps('mois')} required>
          <SimpleGrid cols={{ base: 3, sm: 4 }} spacing={6} mt={6}>
            {MASONIC_MONTHS.map((m) => (
              <Checkbox key={m} value={String(m)} label={MONTH_LABELS[m]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <FormActions onCancel={onClose} loading={saving} disabledReason={reason}>
          Enregistrer et planifier
        </FormActions>
      </Stack>
    </form>
  );
}
