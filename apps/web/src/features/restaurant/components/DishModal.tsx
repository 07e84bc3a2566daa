/** The dish editor (MENUS): type, label, price typed in euros and sent in cents, checked before sending. */
import { Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import {
  DishInputSchema,
  DishType,
  DishUpdateSchema,
  type Dish,
  type DishType as Type,
} from '@union/contract';
import { useForm } from '@mantine/form';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { eurosToCents } from '../../../lib/format';
import { useSaveDish } from '../api/restaurant';
import { FormActions } from '../../../components/FormActions';

interface FormValues {
  type: Type;
  libelle: string;
  /** Typed in euros; empty until typed. */
  prix: number | string;
}

export function DishModal({ mealId, dish, onClose }: { mealId: number; dish?: Dish; onClose: () => void }) {
  const save = useSaveDish();
  const schema = dish ? DishUpdateSchema : DishInputSchema;
  // What the server receives: the price in cents.
  const bodyOf = (values: FormValues) => ({
    type: values.type,
    libelle: values.libelle,
    prix: values.prix === '' ? undefined : eurosToCents(values.prix),
    ...(dish && { id: dish.id }),
  });
  const form = useForm<FormValues>({
    initialValues: {
      type: dish?.type ?? 'M',
      libelle: dish?.libelle ?? '',
      prix: dish ? dish.prix / 100 : '',
    },
    validate: contractResolver(schema, bodyOf),
  });

  function submit(values: FormValues) {
    save.mutate(
      { mealId, dish: schema.parse(bodyOf(values)) },
      {
        onSuccess: () => {
          toast('success', dish ? 'Plat modifié.' : 'Plat ajouté.');
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={dish ? 'Modifier le plat' : 'Ajouter un plat'}>
      <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
        <Stack gap="sm">
          <Select
            label="Type"
            data={DishType.codes.map((c) => ({ value: c, label: DishType.labels[c] }))}
            {...form.getInputProps('type')}
            allowDeselect={false}
          />
          <TextInput label="Libellé" required {...form.getInputProps('libelle')} maxLength={200} />
          <NumberInput
            label="Prix (€)"
            required
            min={0}
            decimalScale={2}
            decimalSeparator=","
            {...form.getInputProps('prix')}
          />
          <FormActions onCancel={onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
