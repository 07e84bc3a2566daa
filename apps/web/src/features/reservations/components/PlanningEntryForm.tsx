/**
 * Adds or changes an entry of the annual planning: lodge, room, hours, rule and months. The entry is
 * checked with the contract's schema before it is sent.
 */
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
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
} from '@union/contract';
import { useState } from 'react';
import { idOf, useContractCheck } from '../../../components/forms/contract-form';
import { SubmitButton } from '../../../components/SubmitButton';
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
/** The contract's fields the form shows, the rule's under their own names. */
const FIELDS = ['idEntite', 'idSalle', 'type', 'libelle', 'heureDebut', 'heureFin', 'jour', 'rang', 'mois'];
const RENAMED = { 'regle.jourSemaine': 'jour', 'regle.rang': 'rang' };

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

  const { errors, check } = useContractCheck(FIELDS, RENAMED);
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
      onSubmit={(event) => {
        event.preventDefault();
        if (reason) return;
        const input = check(PlanningInputSchema, {
          annee: target.annee,
          idEntite: idOf(idEntite),
          idSalle: idOf(idSalle),
          type: type ?? undefined,
          libelle,
          heureDebut: debut ?? undefined,
          heureFin: fin ?? undefined,
          regle: { jourSemaine: idOf(jour), rang: rang === '0' ? null : Number(rang) },
          mois: mois.map(Number),
        });
        if (input) onSave(e?.id ?? null, input);
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Loge ou association"
            data={entities.map((x) => ({ value: String(x.id), label: x.nom }))}
            value={idEntite}
            onChange={setEntite}
            error={errors.idEntite}
            searchable
            required
          />
          <Select
            label="Salle"
            data={roomOptions}
            value={idSalle}
            onChange={setSalle}
            error={errors.idSalle}
            required
          />
          <Select label="Type" data={TYPES} value={type} onChange={setType} error={errors.type} required />
          <TextInput
            label="Libellé"
            value={libelle}
            onChange={(ev) => setLibelle(ev.currentTarget.value)}
            error={errors.libelle}
            maxLength={200}
            required
          />
          <Select
            label="Heure de début"
            data={STARTS}
            value={debut}
            onChange={setDebut}
            error={errors.heureDebut}
            required
          />
          <Select
            label="Heure de fin"
            data={ENDS.filter((x) => !debut || minutesOf(x) > minutesOf(debut))}
            value={fin}
            onChange={setFin}
            error={errors.heureFin}
            required
          />
        </SimpleGrid>
        <Group grow gap="sm" align="flex-end">
          <Select label="Règle" data={RANKS} value={rang} onChange={setRang} error={errors.rang} required />
          <Select label="Jour" data={DAYS} value={jour} onChange={setJour} error={errors.jour} required />
        </Group>
        <Text size="sm" c="dimmed">
          {rang === '0' ? 'chaque' : RANKS.find((r) => r.value === rang)?.label.toLowerCase()}{' '}
          {DAYS.find((d) => d.value === jour)?.label}
          {rang === '0' ? '' : ' du mois'}
        </Text>
        <Checkbox.Group label="Mois" value={mois} onChange={setMois} error={errors.mois} required>
          <SimpleGrid cols={{ base: 3, sm: 4 }} spacing={6} mt={6}>
            {MASONIC_MONTHS.map((m) => (
              <Checkbox key={m} value={String(m)} label={MONTH_LABELS[m]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end" align="flex-start">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <SubmitButton loading={saving} disabledReason={reason}>
            Enregistrer et planifier
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
