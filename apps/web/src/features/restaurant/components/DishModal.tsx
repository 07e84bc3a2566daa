/** The dish editor (MENUS): type, label, price typed in euros and sent in cents. */
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { DishType, type Dish } from '@union/contract';
import { useState } from 'react';
import { toast } from '../../../components/toast';
import { eurosToCents } from '../../../lib/format';
import { useSaveDish } from '../api/restaurant';

export function DishModal({ mealId, dish, onClose }: { mealId: number; dish?: Dish; onClose: () => void }) {
  const save = useSaveDish();
  const [type, setType] = useState<string>(dish?.type ?? 'M');
  const [libelle, setLibelle] = useState(dish?.libelle ?? '');
  const [prix, setPrix] = useState<number | string>(dish ? dish.prix / 100 : '');

  const submit = () =>
    save.mutate(
      { mealId, dish: { id: dish?.id, type: type as Dish['type'], libelle, prix: eurosToCents(prix) } },
      {
        onSuccess: () => {
          toast('success', dish ? 'Plat modifié.' : 'Plat ajouté.');
          onClose();
        },
      },
    );

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      title={dish ? 'Modifier le plat' : 'Ajouter un plat'}
    >
      <form
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
            allowDeselect={false}
          />
          <TextInput
            label="Libellé"
            required
            value={libelle}
            onChange={(e) => setLibelle(e.currentTarget.value)}
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
