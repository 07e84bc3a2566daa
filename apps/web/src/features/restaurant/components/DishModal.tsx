/** The dish editor (MENUS): type, label, price typed in euros and sent in cents, checked before sending. */
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { DishInputSchema, DishType, DishUpdateSchema, type Dish } from '@union/contract';
import { useState } from 'react';
import { useContractCheck } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { eurosToCents } from '../../../lib/format';
import { useSaveDish } from '../api/restaurant';

export function DishModal({ mealId, dish, onClose }: { mealId: number; dish?: Dish; onClose: () => void }) {
  const save = useSaveDish();
  const [type, setType] = useState<string>(dish?.type ?? 'M');
  const [libelle, setLibelle] = useState(dish?.libelle ?? '');
  const [prix, setPrix] = useState<number | string>(dish ? dish.prix / 100 : '');

  const { errors, check } = useContractCheck(['type', 'libelle', 'prix']);

  function submit() {
    const fields = { type, libelle, prix: prix === '' ? undefined : eurosToCents(prix) };
    const body = dish ? check(DishUpdateSchema, { ...fields, id: dish.id }) : check(DishInputSchema, fields);
    if (!body) return;
    save.mutate(
      { mealId, dish: body },
      {
        onSuccess: () => {
          toast('success', dish ? 'Plat modifié.' : 'Plat ajouté.');
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      title={dish ? 'Modifier le plat' : 'Ajouter un plat'}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Select
            label="Type"
            data={DishType.codes.map((c) => ({ value: c, label: DishType.labels[c] }))}
            value={type}
            onChange={(v) => setType(v ?? 'M')}
            error={errors.type}
            allowDeselect={false}
          />
          <TextInput
            label="Libellé"
            required
            value={libelle}
            onChange={(e) => setLibelle(e.currentTarget.value)}
            error={errors.libelle}
            maxLength={200}
          />
          <NumberInput
            label="Prix (€)"
            required
            min={0}
            decimalScale={2}
            decimalSeparator=","
            value={prix}
            onChange={setPrix}
            error={errors.prix}
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
