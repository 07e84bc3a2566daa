/**
 * The order form: for myself or for one of my lodges, quantities per dish, guests; the total follows.
 * Phone first: one column, large steppers. Checked with the contract's schema before it is sent.
 */
import { Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  MealOrderInputSchema,
  MealOrderUpdateSchema,
  type Meal,
  type MealOrder,
  type MealWeek,
} from '@union/contract';
import { useForm } from '@mantine/form';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { formatCents } from '../../../lib/format';
import { useSaveOrder } from '../api/restaurant';
import { FormActions } from '../../../components/FormActions';
import { dishLabel, mealName } from './labels';
import { PeopleQuestion } from './PeopleQuestion';
import { usePeopleQuestion } from './usePeopleQuestion';

interface Props {
  meal: Meal;
  entites: MealWeek['entites'];
  /** The order being changed, or none for a new one. */
  order?: MealOrder;
  onClose: () => void;
}

interface FormValues {
  /** 'moi', or the id of the lodge ordered for. */
  pour: string;
  invites: number;
  /** The quantity of each dish, by the dish's id. */
  plat: Record<string, number>;
  commentaire: string;
}

export function OrderModal({ meal, entites, order, onClose }: Props) {
  const save = useSaveOrder();
  const schema = order ? MealOrderUpdateSchema : MealOrderInputSchema;
  const linesOf = (values: FormValues) =>
    meal.plats
      .filter((d) => (values.plat[d.id] ?? 0) > 0)
      .map((d) => ({ idPlat: d.id, quantite: values.plat[d.id]! }));
  // What the server receives.
  const bodyOf = (values: FormValues) => ({
    idEntite: values.pour === 'moi' ? null : Number(values.pour),
    invites: values.invites,
    lignes: linesOf(values),
    commentaire: values.commentaire.trim() || null,
    ...(order && { id: order.id }),
  });
  const form = useForm<FormValues>({
    initialValues: {
      pour: order?.idEntite ? String(order.idEntite) : 'moi',
      invites: order?.invites ?? 0,
      plat: Object.fromEntries((order?.lignes ?? []).map((l) => [l.idPlat, l.quantite])),
      commentaire: order?.commentaire ?? '',
    },
    // The lodge's problem shows under « Pour », a line's under its dish's field.
    validate: (values) =>
      contractResolver(schema, bodyOf, {
        idEntite: 'pour',
        ...Object.fromEntries(linesOf(values).map((l, i) => [`lignes.${i}`, `plat.${l.idPlat}`])),
      })(values),
  });
  const quantities = form.values.plat;
  const total = meal.plats.reduce((sum, d) => sum + (quantities[d.id] ?? 0) * d.prix, 0);
  const lignes = linesOf(form.values);

  // A guest is a person: one menu for two people is asked about, never sent silently.
  const { people, mains, mainCount, question, asked, setAsked, asking, setAsking, firstAnswer, single } =
    usePeopleQuestion(meal, lignes, form.values.invites);

  function submit(values: FormValues) {
    if (lignes.length === 0) return;
    if (question && asked !== question) {
      setAsking(true);
      return;
    }
    send(values);
  }

  function send(values: FormValues) {
    setAsking(false);
    save.mutate(
      { mealId: meal.id, order: schema.parse(bodyOf(values)) },
      {
        onSuccess: () => {
          toast('success', order ? 'Commande modifiée.' : 'Commande enregistrée.');
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={order ? `Modifier ma commande – ${mealName(meal)}` : `Commander ${mealName(meal)}`}
      fullScreen={false}
    >
      <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
        <Stack gap="sm">
          {entites.length > 0 && (
            <Select
              label="Pour"
              data={[
                { value: 'moi', label: 'Moi-même' },
                ...entites.map((e) => ({ value: String(e.id), label: e.nom })),
              ]}
              {...form.getInputProps('pour')}
              allowDeselect={false}
              disabled={order !== undefined}
            />
          )}
          {meal.plats.map((d) => (
            <NumberInput
              key={d.id}
              label={`${dishLabel(d)} – ${formatCents(d.prix)}`}
              min={0}
              max={200}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps(`plat.${d.id}`)}
              value={quantities[d.id] ?? 0}
              onChange={(v) => form.setFieldValue(`plat.${d.id}`, Number(v) || 0)}
            />
          ))}
          <NumberInput
            label="Invités (en plus de vous)"
            description="Chaque invité est une personne : commandez aussi son menu."
            min={0}
            max={199}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('invites')}
            onChange={(v) => form.setFieldValue('invites', Number(v) || 0)}
          />
          <Textarea
            label="Remarque pour la cuisine"
            {...form.getInputProps('commentaire')}
            maxLength={500}
            autosize
            minRows={1}
          />
          <Text fw={700} size="lg" aria-live="polite">
            Total : {formatCents(total)}
          </Text>
          {asking && question && (
            <PeopleQuestion
              people={people}
              mainCount={mainCount}
              menus={mains.length > 0}
              single={single}
              firstAnswer={firstAnswer}
              onSwitch={(dish) => {
                form.setFieldValue(`plat.${dish.id}`, mainCount + (people - mainCount));
                setAsked(question);
                setAsking(false);
              }}
              onConfirm={() => {
                setAsked(question);
                send(form.values);
              }}
            />
          )}
          <FormActions
            onCancel={onClose}
            loading={save.isPending}
            disabledReason={lignes.length === 0 ? 'Choisissez au moins un plat.' : null}
          >
            {order ? 'Enregistrer' : 'Commander'}
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
