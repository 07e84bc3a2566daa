/** Adds or changes an entry of the annual planning: lodge, room, hours, rule and months. */
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  FIRST_START_MINUTES,
  LAST_END_MINUTES,
  LAST_START_MINUTES,
  MASONIC_MONTHS,
  MONTH_LABELS,
  ReservationType,
  Weekday,
  type PlanningEntry,
  type PlanningInput,
  type Room,
} from '@union/contract';
import { useState } from 'react';
import { hhmm, minutesOf } from '../api/dates';
import type { EntityOption } from '../api/reference';

const halfHours = (from: number, to: number) =>
  Array.from({ length: (to - from) / 30 + 1 }, (_, i) => hhmm(from + i * 30));
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
  const [idEntite, setEntite] = useState<string | null>(e ? String(e.idEntite) : null);
  const [idSalle, setSalle] = useState<string | null>(e ? String(e.idSalle) : null);
  const [type, setType] = useState<string | null>(e?.type ?? 'TC');
  const [libelle, setLibelle] = useState(e?.libelle ?? 'Tenue régulière');
  const [debut, setDebut] = useState<string | null>(e?.heureDebut ?? '19:30');
  const [fin, setFin] = useState<string | null>(e?.heureFin ?? '23:00');
  const [rang, setRang] = useState<string | null>(e ? String(e.regle.rang ?? 0) : '2');
  const [jour, setJour] = useState<string | null>(e ? String(e.regle.jourSemaine) : '2');
  const [mois, setMois] = useState<string[]>((e?.mois ?? [9, 10, 11, 12, 1, 2, 3, 4, 5, 6]).map(String));

  const complete =
    idEntite && idSalle && type && libelle.trim() && debut && fin && rang && jour && mois.length > 0;
  const roomOptions = rooms
    .filter((r) => r.active || r.id === e?.idSalle)
    .map((r) => ({ value: String(r.id), label: r.nom }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete) return;
        onSave(e?.id ?? null, {
          annee: target.annee,
          idEntite: Number(idEntite),
          idSalle: Number(idSalle),
          type: type as PlanningInput['type'],
          libelle: libelle.trim(),
          heureDebut: debut!,
          heureFin: fin!,
          regle: {
            jourSemaine: Number(jour),
            rang: rang === '0' ? null : (Number(rang) as 1 | 2 | 3 | 4 | -1),
          },
          mois: mois.map(Number),
        });
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Loge ou association"
            data={entities.map((x) => ({ value: String(x.id), label: x.nom }))}
            value={idEntite}
            onChange={setEntite}
            searchable
            required
          />
          <Select label="Salle" data={roomOptions} value={idSalle} onChange={setSalle} required />
          <Select label="Type" data={TYPES} value={type} onChange={setType} required />
          <TextInput
            label="Libellé"
            value={libelle}
            onChange={(ev) => setLibelle(ev.currentTarget.value)}
            maxLength={200}
            required
          />
          <Select label="Heure de début" data={STARTS} value={debut} onChange={setDebut} required />
          <Select
            label="Heure de fin"
            data={ENDS.filter((x) => !debut || minutesOf(x) > minutesOf(debut))}
            value={fin}
            onChange={setFin}
            required
          />
        </SimpleGrid>
        <Group grow gap="sm" align="flex-end">
          <Select label="Règle" data={RANKS} value={rang} onChange={setRang} required />
          <Select label="Jour" data={DAYS} value={jour} onChange={setJour} required />
        </Group>
        <Text size="sm" c="dimmed">
          {rang === '0' ? 'chaque' : RANKS.find((r) => r.value === rang)?.label.toLowerCase()}{' '}
          {DAYS.find((d) => d.value === jour)?.label}
          {rang === '0' ? '' : ' du mois'}
        </Text>
        <Checkbox.Group label="Mois" value={mois} onChange={setMois} required>
          <SimpleGrid cols={{ base: 3, sm: 4 }} spacing={6} mt={6}>
            {MASONIC_MONTHS.map((m) => (
              <Checkbox key={m} value={String(m)} label={MONTH_LABELS[m]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" loading={saving} disabled={!complete}>
            Enregistrer et planifier
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
