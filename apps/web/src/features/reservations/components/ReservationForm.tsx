/**
 * The request form: new request (from a selected free slot) or EDIT of an existing one. The server checks
 * everything again and answers a 412 with a French message the error modal shows.
 */
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  FIRST_START_MINUTES,
  LAST_END_MINUTES,
  LAST_START_MINUTES,
  ReservationType,
  type Reservation,
  type ReservationInput,
  type Room,
} from '@union/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { toast } from '../../../components/toast';
import { useChangeReservation } from '../api/change-reservation';
import { useCreateReservation } from '../api/create-reservation';
import { ISO, hhmm, minutesOf, todayIso } from '../api/dates';
import type { EntityOption } from '../api/reference';

const halfHours = (from: number, to: number) =>
  Array.from({ length: (to - from) / 30 + 1 }, (_, i) => hhmm(from + i * 30));
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
  onClose: () => void;
}

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

export function ReservationForm({ target, rooms, entities, gestion, onClose }: Props) {
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
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function FormBody({ target, rooms, entities, gestion, onClose }: Props & { target: FormTarget }) {
  const [values, setValues] = useState<Values>(() => initialValues(target, entities));
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const create = useCreateReservation();
  const change = useChangeReservation();
  const busy = create.isPending || change.isPending;
  const editing = target.reservation;

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
  const complete =
    values.idSalle &&
    values.idEntite &&
    values.date &&
    values.heureDebut &&
    values.heureFin &&
    values.libelle.trim();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!complete) return;
    const input: ReservationInput = {
      idSalle: Number(values.idSalle),
      idEntite: Number(values.idEntite),
      date: values.date!,
      heureDebut: values.heureDebut!,
      heureFin: values.heureFin!,
      type: values.type as ReservationInput['type'],
      libelle: values.libelle.trim(),
      participants: values.participants === '' ? null : Number(values.participants),
      commentaire: values.commentaire.trim() || null,
    };
    if (editing) {
      change.mutate(
        { action: 'EDIT', body: { ...input, id: editing.id } },
        {
          onSuccess: () => {
            toast('success', 'La réservation est modifiée.');
            onClose();
          },
        },
      );
    } else {
      create.mutate(input, {
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
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Salle"
            data={roomOptions}
            value={values.idSalle}
            onChange={set('idSalle')}
            required
          />
          <Select
            label="Loge ou association"
            data={entityOptions}
            value={values.idEntite}
            onChange={set('idEntite')}
            searchable
            required
            nothingFoundMessage="Aucune loge trouvée"
          />
          <DatePickerInput
            label="Date"
            value={values.date}
            onChange={(d) => set('date')(d ? dayjs(d).format(ISO) : null)}
            minDate={todayIso()}
            valueFormat="dddd D MMMM YYYY"
            required
          />
          <Select label="Type" data={TYPES} value={values.type} onChange={set('type')} required />
          <Select
            label="Heure de début"
            data={STARTS}
            value={values.heureDebut}
            onChange={set('heureDebut')}
            required
          />
          <Select
            label="Heure de fin"
            data={endOptions}
            value={values.heureFin}
            onChange={set('heureFin')}
            required
          />
        </SimpleGrid>
        <TextInput
          label="Libellé"
          placeholder="Tenue au 1er degré"
          value={values.libelle}
          onChange={(e) => set('libelle')(e.currentTarget.value)}
          maxLength={200}
          required
        />
        <NumberInput
          label="Participants attendus"
          value={values.participants}
          onChange={set('participants')}
          min={1}
          max={2000}
          allowDecimal={false}
        />
        <Textarea
          label="Commentaire"
          value={values.commentaire}
          onChange={(e) => set('commentaire')(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" loading={busy} disabled={!complete}>
            {editing ? 'Enregistrer' : gestion ? 'Réserver' : 'Envoyer la demande'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
