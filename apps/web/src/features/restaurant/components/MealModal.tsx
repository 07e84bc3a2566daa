/**
/**
 * The meal editor (MENUS): date, type, title, seats, ordering deadline, open or not, and the lodge's
 * session of that day the meal is the agapes of (if any); checked with the contract's schema before it is
 * sent.
 */
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  DishType,
  MealCreateSchema,
  addDays,
  mondayOf,
  MealType,
  MealUpdateSchema,
  type Meal,
  type FieldErrors,
  type MealSession,
  type MealType as Type,
} from '@union/contract';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { eurosToCents, formatCents } from '../../../lib/format';
import { useMealSessions, useMealWeek, useSaveMeal } from '../api/restaurant';
import { todayIso } from '../api/dates';
import { mealName } from './labels';
import { FormActions } from '../../../components/FormActions';
import { DateField } from '../../../components/DateField';

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
  /** A new meal's first dishes, the price typed in euros (sent in the same call). */
  plats: { type: DishType; libelle: string; prix: number | string }[];
}

const EMPTY_DISH = { type: 'M' as DishType, libelle: '', prix: '' as number | string };

/**
 * The meals whose dishes a new meal may copy: those of the new meal's week and the two before, with
 * dishes, latest first.
 */
function usePreviousMeals(date: string): Meal[] {
  // While the date is being typed, the week of today.
  const monday = mondayOf(/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : todayIso());
  const weeks = [useMealWeek(monday), useMealWeek(addDays(monday, -7)), useMealWeek(addDays(monday, -14))];
  return weeks
    .flatMap((w) => w.data?.repas ?? [])
    .filter((m) => m.plats.length > 0)
    .sort((a, b) => b.date.localeCompare(a.date));
}

export function MealModal({
  meal,
  defaultDate,
  onClose,
  onSaved,
}: {
  meal?: Meal;
  defaultDate: string;
  onClose: () => void;
  /** The meal as saved (the page shows its week). */
  onSaved?: (meal: Meal) => void;
}) {
  const save = useSaveMeal();
  const schema = meal ? MealUpdateSchema : MealCreateSchema;
  const form = useForm<FormValues>({
    initialValues: {
      date: meal?.date ?? defaultDate,
      type: meal?.type ?? 'M',
      titre: meal?.titre ?? '',
      places: meal?.places ?? 60,
      limite: meal?.limite ?? `${defaultDate}T10:00`,
      ouvert: meal?.ouvert ?? true,
      session: meal?.agapes?.idReservation ?? null,
      plats: meal ? [] : [{ ...EMPTY_DISH }],
    },
    // bodyOf (below) reads the sessions of the day shown, which the form's date decides.
    validate: (values): FieldErrors => contractResolver(schema, bodyOf)(values),
  });
  const { date, session } = form.values;
  const sessions = useMealSessions(date);
  const previous = usePreviousMeals(date);
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
      ...(meal
        ? { id: meal.id }
        : {
            // A row left empty is no dish.
            plats: values.plats
              .filter((d) => d.libelle.trim() !== '' || d.prix !== '')
              .map((d) => ({
                type: d.type,
                libelle: d.libelle,
                prix: d.prix === '' ? undefined : eurosToCents(d.prix),
              })),
          }),
    };
  }

  function submit(values: FormValues) {
    save.mutate(schema.parse(bodyOf(values)), {
      onSuccess: (saved) => {
        toast(
          'success',
          meal
            ? 'Repas modifié.'
            : saved.plats.length > 0
              ? `Repas créé : ${mealName(saved)}.`
              : `Repas créé : ${mealName(saved)}. Ajoutez ses plats : les membres le verront ensuite.`,
        );
        onSaved?.(saved);
        onClose();
      },
    });
  }

  return (
    // Wider for a new meal: a dish's type, label and price hold on one line.
    <Modal
      opened
      onClose={onClose}
      title={meal ? 'Modifier le repas' : 'Nouveau repas'}
      size={meal ? 'md' : 'lg'}
    >
      <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
        <Stack gap="sm">
          <DateField label="Date" required {...form.getInputProps('date')} />
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
          {!meal && <DishesFieldset form={form} previous={previous} />}
          <FormActions onCancel={onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The new meal's dishes: rows of type, label and price, or copied from a previous meal. */
function DishesFieldset({ form, previous }: { form: UseFormReturnType<FormValues>; previous: Meal[] }) {
  const { plats } = form.values;
  return (
    <Fieldset
      legend={
        <Text fw={700} size="md">
          Plats du menu
        </Text>
      }
      variant="unstyled"
    >
      <Stack gap="xs">
        <NativeSelect
          label="Copier les plats d’un repas précédent"
          value=""
          disabled={previous.length === 0}
          description={
            previous.length === 0 ? 'Aucun repas avec des plats ces trois dernières semaines.' : undefined
          }
          onChange={(e) => {
            const source = previous.find((m) => String(m.id) === e.currentTarget.value);
            if (source)
              form.setFieldValue(
                'plats',
                source.plats.map((d) => ({ type: d.type, libelle: d.libelle, prix: d.prix / 100 })),
              );
          }}
          data={[
            { value: '', label: 'Choisir un repas…' },
            ...previous.map((m) => ({
              value: String(m.id),
              label: `${mealName(m)} – ${m.plats.map((d) => `${d.libelle} ${formatCents(d.prix)}`).join(', ')}`,
            })),
          ]}
        />
        {plats.map((_, i) => (
          <Group key={i} gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect
              label={`Type du plat ${i + 1}`}
              data={DishType.codes.map((c) => ({ value: c, label: DishType.labels[c] }))}
              {...form.getInputProps(`plats.${i}.type`)}
              w={110}
            />
            <TextInput
              label={`Libellé du plat ${i + 1}`}
              {...form.getInputProps(`plats.${i}.libelle`)}
              maxLength={200}
              style={{ flex: '1 1 160px' }}
            />
            <NumberInput
              label={`Prix du plat ${i + 1} (€)`}
              min={0}
              decimalScale={2}
              decimalSeparator=","
              {...form.getInputProps(`plats.${i}.prix`)}
              w={120}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={2}
              aria-label={`Retirer le plat ${i + 1}`}
              onClick={() => form.removeListItem('plats', i)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="compact-md"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => form.insertListItem('plats', { ...EMPTY_DISH })}
        >
          Ajouter un plat
        </Button>
      </Stack>
    </Fieldset>
  );
}
