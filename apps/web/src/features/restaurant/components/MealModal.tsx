/**
/**
 * The meal editor (MENUS): date, type, title, seats, ordering deadline, open or not, and the lodge's
 * session of that day the meal is the agapes of (if any); checked with the contract's schema before it is
 * sent.
 */
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { MealInputSchema, MealType, MealUpdateSchema, type Meal, type MealSession } from '@union/contract';
import { useState } from 'react';
import { useContractCheck } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { useMealSessions, useSaveMeal } from '../api/restaurant';

/** « 19:30 – Les Chevaliers du Rhône : Tenue régulière (Temple Hiram) ». */
export const sessionLabel = (s: MealSession) => `${s.debut} – ${s.entite} : ${s.libelle} (${s.salle})`;

export function MealModal({
  meal,
  defaultDate,
  onClose,
}: {
  meal?: Meal;
  defaultDate: string;
  onClose: () => void;
}) {
  const save = useSaveMeal();
  const [date, setDate] = useState(meal?.date ?? defaultDate);
  const [type, setType] = useState<string>(meal?.type ?? 'M');
  const [titre, setTitre] = useState(meal?.titre ?? '');
  const [places, setPlaces] = useState<number | string>(meal?.places ?? 60);
  const [limite, setLimite] = useState(meal?.limite ?? `${defaultDate}T10:00`);
  const [ouvert, setOuvert] = useState(meal?.ouvert ?? true);
  const [session, setSession] = useState<number | null>(meal?.agapes?.idReservation ?? null);
  const sessions = useMealSessions(date);
  // A session belongs to its day: another day's list no longer offers it, and it is not sent.
  const offered = sessions.data?.some((s) => s.idReservation === session) ?? false;
  const idReservation = offered ? session : null;

  const { errors, check } = useContractCheck(['date', 'type', 'titre', 'places', 'limite']);

  function submit() {
    const fields = {
      date,
      type,
      titre,
      places: places === '' ? undefined : Number(places),
      limite,
      ouvert,
      idReservation,
    };
    const body = meal ? check(MealUpdateSchema, { ...fields, id: meal.id }) : check(MealInputSchema, fields);
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        toast('success', meal ? 'Repas modifié.' : 'Repas créé : ajoutez ses plats.');
        onClose();
      },
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      title={meal ? 'Modifier le repas' : 'Nouveau repas'}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Date"
            type="date"
            required
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.date}
          />
          <NativeSelect
            label="Agapes de la tenue"
            description={
              sessions.data?.length === 0
                ? 'Aucune tenue confirmée ce jour-là.'
                : 'Les commandes de la loge seront regroupées sur le récapitulatif.'
            }
            disabled={!sessions.data?.length}
            value={idReservation === null ? '' : String(idReservation)}
            onChange={(e) => setSession(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            data={[
              { value: '', label: 'Aucune (repas indépendant)' },
              ...(sessions.data ?? []).map((s) => ({
                value: String(s.idReservation),
                label: sessionLabel(s),
              })),
            ]}
          />
          <Select
            label="Type"
            data={MealType.codes.map((c) => ({ value: c, label: MealType.labels[c] }))}
            value={type}
            onChange={(v) => setType(v ?? 'M')}
            error={errors.type}
            allowDeselect={false}
          />
          <TextInput
            label="Titre"
            required
            value={titre}
            onChange={(e) => setTitre(e.currentTarget.value)}
            error={errors.titre}
            maxLength={200}
          />
          <NumberInput
            label="Places"
            required
            min={1}
            max={2000}
            allowDecimal={false}
            value={places}
            onChange={setPlaces}
            error={errors.places}
          />
          <TextInput
            label="Date limite de commande"
            type="datetime-local"
            required
            value={limite}
            onChange={(e) => setLimite(e.currentTarget.value.slice(0, 16))}
            error={errors.limite}
          />
          <Switch
            label="Commandes ouvertes"
            checked={ouvert}
            onChange={(e) => setOuvert(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={save.isPending}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
