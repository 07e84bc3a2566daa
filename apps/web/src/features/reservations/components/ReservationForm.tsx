/**
 * The request form: new request (from a selected free slot) or EDIT of an existing one. The server checks
 * everything again; the form first checks its body with the same contract schema, so a 412 is rare.
 */
import { Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  FIRST_START_MINUTES,
  LAST_END_MINUTES,
  LAST_START_MINUTES,
  ReservationChangeSchema,
  ReservationInputSchema,
  ReservationType,
  type Reservation,
  type ReservationInput,
  type Room,
  type Week,
  hhmmOf,
  minutesOf,
} from '@union/contract';
import { useForm } from '@mantine/form';
import { contractResolver, focusFirstInvalid, idOf } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { useChangeReservation } from '../api/change-reservation';
import { useCreateReservation } from '../api/create-reservation';
import { longDate, todayIso } from '../api/dates';
import type { EntityOption } from '../api/reference';
import { FormActions } from '../../../components/FormActions';
import { DateField } from '../../../components/DateField';

const halfHours = (from: number, to: number) =>
  Array.from({ length: (to - from) / 30 + 1 }, (_, i) => hhmmOf(from + i * 30));
const STARTS = halfHours(FIRST_START_MINUTES, LAST_START_MINUTES);
const ENDS = halfHours(FIRST_START_MINUTES + 30, LAST_END_MINUTES);
const TYPES = ReservationType.codes.map((code) => ({ value: code, label: ReservationType.labels[code] }));

export interface FormTarget {
  /** The reservation being edited, or null for a new request. */
  reservation: Reservation | null;
  initial: Partial<ReservationInput>;
}

interface Props {
  target: FormTarget | null;
  rooms: Room[];
  entities: EntityOption[];
  gestion: boolean;
  regles?: Week['regles'];
  onClose: () => void;
}

/** « 48 heures », « 2 jours » (as the server's 412 says it). */
const noticeText = (hours: number) =>
  hours % 24 === 0
    ? hours === 24
      ? '1 jour'
      : `${hours / 24} jours`
    : hours === 1
      ? '1 heure'
      : `${hours} heures`;

/** The booking rules in a sentence, under the date: the server refuses what they forbid (412). */
export function rulesSentence(regles: Week['regles']): string {
  const last = `Réservation possible jusqu’au ${longDate(regles.dernierJour)}`;
  if (!regles.premierCreneau) return `${last}.`;
  const [day, time] = regles.premierCreneau.split('T') as [string, string];
  return (
    `Une demande se fait au moins ${noticeText(regles.preavisHeures)} à l’avance : ` +
    `premier créneau possible le ${longDate(day)} à ${time}. ${last}.`
  );
}

/** The fields without which the request cannot leave, as the hint of the disabled submit names them. */
const REQUIRED = [
  ['idSalle', 'la salle'],
  ['idEntite', 'la loge ou association'],
  ['date', 'la date'],
  ['heureDebut', "l'heure de début"],
  ['heureFin', "l'heure de fin"],
  ['type', 'le type'],
  ['libelle', 'le libellé'],
] as const;

type Values = {
  idSalle: string | null;
  idEntite: string | null;
  date: string | null;
  heureDebut: string | null;
  heureFin: string | null;
  type: string | null;
  libelle: string;
  participants: number | string;
  commentaire: string;
};

function initialValues(target: FormTarget, entities: EntityOption[]): Values {
  const i = target.initial;
  return {
    idSalle: i.idSalle ? String(i.idSalle) : null,
    idEntite: i.idEntite ? String(i.idEntite) : entities.length === 1 ? String(entities[0]!.id) : null,
    date: i.date ?? null,
    heureDebut: i.heureDebut ?? null,
    heureFin: i.heureFin ?? null,
    type: i.type ?? 'TC',
    libelle: i.libelle ?? '',
    participants: i.participants ?? '',
    commentaire: i.commentaire ?? '',
  };
}

export function ReservationForm({ target, rooms, entities, gestion, regles, onClose }: Props) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={
        target?.reservation
          ? 'Modifier la réservation'
          : gestion
            ? 'Réserver une salle'
            : 'Demander une salle'
      }
      size="lg"
      centered
    >
      {target && (
        <FormBody
          key={target.reservation?.id ?? 'new'}
          target={target}
          rooms={rooms}
          entities={entities}
          gestion={gestion}
          regles={regles}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function FormBody({ target, rooms, entities, gestion, regles, onClose }: Props & { target: FormTarget }) {
  const create = useCreateReservation();
  const change = useChangeReservation();
  const busy = create.isPending || change.isPending;
  const editing = target.reservation;
  const schema = editing ? ReservationChangeSchema : ReservationInputSchema;
  // What the server receives.
  const bodyOf = (values: Values) => ({
    idSalle: idOf(values.idSalle),
    idEntite: idOf(values.idEntite),
    date: values.date,
    heureDebut: values.heureDebut,
    heureFin: values.heureFin,
    type: values.type ?? undefined,
    libelle: values.libelle,
    participants: values.participants === '' ? null : Number(values.participants),
    commentaire: values.commentaire.trim() || null,
    ...(editing && { id: editing.id }),
  });
  const form = useForm<Values>({
    initialValues: initialValues(target, entities),
    validate: contractResolver(schema, bodyOf),
  });
  const values = form.values;

  const roomOptions = rooms
    .filter((r) => r.active || r.id === editing?.idSalle)
    .map((r) => ({ value: String(r.id), label: r.nom }));
  const entityOptions = entities.map((e) => ({ value: String(e.id), label: e.nom }));
  if (editing && !entities.some((e) => e.id === editing.idEntite)) {
    entityOptions.push({ value: String(editing.idEntite), label: editing.entite });
  }
  const endOptions = ENDS.filter(
    (end) => !values.heureDebut || minutesOf(end) > minutesOf(values.heureDebut),
  );
  // Said under the disabled submit: what is still to fill in.
  const missing = REQUIRED.filter(([key]) => !String(values[key] ?? '').trim()).map(([, label]) => label);
  const reason = missing.length > 0 ? `À compléter : ${missing.join(', ')}.` : null;

  function submit(values: Values) {
    if (reason) return;
    if (editing) {
      const body = ReservationChangeSchema.parse(bodyOf(values));
      change.mutate(
        { action: 'EDIT', body },
        {
          onSuccess: () => {
            toast('success', 'La réservation est modifiée.');
            onClose();
          },
        },
      );
    } else {
      create.mutate(ReservationInputSchema.parse(bodyOf(values)), {
        onSuccess: (created) => {
          toast(
            'success',
            created.etat === 'CR'
              ? 'La salle est réservée.'
              : 'Votre demande est envoyée au secrétariat de l’Union, qui va l’examiner.',
          );
          onClose();
        },
      });
    }
  }

  return (
    <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label="Salle" data={roomOptions} {...form.getInputProps('idSalle')} required />
          <Select
            label="Loge ou association"
            data={entityOptions}
            {...form.getInputProps('idEntite')}
            searchable
            required
            nothingFoundMessage="Aucune loge trouvée"
          />
          <DateField
            label="Date"
            {...form.getInputProps('date')}
            onChange={(d) => form.setFieldValue('date', d)}
            minDate={regles?.premierCreneau?.slice(0, 10) ?? todayIso()}
            maxDate={regles?.dernierJour}
            weekday
            required
          />
          <Select label="Type" data={TYPES} {...form.getInputProps('type')} required />
          <Select label="Heure de début" data={STARTS} {...form.getInputProps('heureDebut')} required />
          <Select label="Heure de fin" data={endOptions} {...form.getInputProps('heureFin')} required />
        </SimpleGrid>
        {regles && (
          <Text size="sm" c="dimmed">
            {rulesSentence(regles)}
          </Text>
        )}
        <TextInput
          label="Libellé"
          placeholder="Tenue au 1er degré"
          {...form.getInputProps('libelle')}
          maxLength={200}
          required
        />
        <NumberInput
          label="Participants attendus"
          {...form.getInputProps('participants')}
          min={1}
          max={2000}
          allowDecimal={false}
        />
        <Textarea
          label="Commentaire"
          {...form.getInputProps('commentaire')}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <FormActions onCancel={onClose} loading={busy} disabledReason={reason}>
          {editing ? 'Enregistrer' : gestion ? 'Réserver' : 'Envoyer la demande'}
        </FormActions>
      </Stack>
    </form>
  );
}
