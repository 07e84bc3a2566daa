/**
/**
 * The meal editor (MENUS): date, type, title, seats, ordering deadline, open or not, and the lodge's
 * session of that day the meal is the agapes of (if any); checked with the contract's schema before it is
 * sent.
 */
import { Modal, NativeSelect, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import {
  MealInputSchema,
  MealType,
  MealUpdateSchema,
  type Meal,
  type FieldErrors,
  type MealSession,
  type MealType as Type,
} from '@union/contract';
import { useForm } from '@mantine/form';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { useMealSessions, useSaveMeal } from '../api/restaurant';
import { FormActions } from '../../../components/FormActions';

/** « 19:30 – Les Chevaliers du Rhône : Tenue régulière (Temple Hiram) ». */
export const sessionLabel = (s: MealSession) => `${s.debut} – ${s.entite} : ${s.libelle} (${s.salle})`;

interface FormValues {
  date: string;
  type: Type;
  titre: string;
  places: number | string;
  /** « YYYY-MM-DDTHH:mm », as the datetime-local input gives it. */
  limite: string;
  ouvert: boolean;
  /** The session chosen, kept while another day is looked at. */
  session: number | null;
}

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
  const schema = meal ? MealUpdateSchema : MealInputSchema;
  const form = useForm<FormValues>({
    initialValues: {
      date: meal?.date ?? defaultDate,
      type: meal?.type ?? 'M',
      titre: meal?.titre ?? '',
      places: meal?.places ?? 60,
      limite: meal?.limite ?? `${defaultDate}T10:00`,
      ouvert: meal?.ouvert ?? true,
      session: meal?.agapes?.idReservation ?? null,
    },
    // bodyOf (below) reads the sessions of the day shown, which the form's date decides.
    validate: (values): FieldErrors => contractResolver(schema, bodyOf)(values),
  });
  const { date, session } = form.values;
  const sessions = useMealSessions(date);
  // A session belongs to its day: another day's list no longer offers it, and it is not sent.
  const offered = sessions.data?.some((s) => s.idReservation === session) ?? false;
  const idReservation = offered ? session : null;

  // What the server receives.
  function bodyOf(values: FormValues): Record<string, unknown> {
    return {
      date: values.date,
      type: values.type,
      titre: values.titre,
      places: values.places === '' ? undefined : Number(values.places),
      limite: values.limite,
      ouvert: values.ouvert,
      idReservation,
      ...(meal && { id: meal.id }),
    };
  }

  function submit(values: FormValues) {
    save.mutate(schema.parse(bodyOf(values)), {
      onSuccess: () => {
        toast('success', meal ? 'Repas modifié.' : 'Repas créé : ajoutez ses plats.');
        onClose();
      },
    });
  }

  return (
    <Modal opened onClose={onClose} title={meal ? 'Modifier le repas' : 'Nouveau repas'}>
      <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
        <Stack gap="sm">
          <TextInput label="Date" type="date" required {...form.getInputProps('date')} />
          <NativeSelect
            label="Agapes de la tenue"
            description={
              sessions.data?.length === 0
                ? 'Aucune tenue confirmée ce jour-là.'
                : 'Les commandes de la loge seront regroupées sur le récapitulatif.'
            }
            disabled={!sessions.data?.length}
            value={idReservation === null ? '' : String(idReservation)}
            onChange={(e) =>
              form.setFieldValue('session', e.currentTarget.value ? Number(e.currentTarget.value) : null)
            }
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
            {...form.getInputProps('type')}
            allowDeselect={false}
          />
          <TextInput label="Titre" required {...form.getInputProps('titre')} maxLength={200} />
          <NumberInput
            label="Places"
            required
            min={1}
            max={2000}
            allowDecimal={false}
            {...form.getInputProps('places')}
          />
          <TextInput
            label="Date limite de commande"
            type="datetime-local"
            required
            {...form.getInputProps('limite')}
            onChange={(e) => form.setFieldValue('limite', e.currentTarget.value.slice(0, 16))}
          />
          <Switch label="Commandes ouvertes" {...form.getInputProps('ouvert', { type: 'checkbox' })} />
          <FormActions onCancel={onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
