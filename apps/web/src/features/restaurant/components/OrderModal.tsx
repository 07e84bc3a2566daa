/**
 * The order form: for myself or for one of my lodges, quantities per dish, guests; the total follows.
 * Phone first: one column, large steppers. Checked with the contract's schema before it is sent.
 */
import { Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  DishType,
  MealOrderInputSchema,
  MealOrderUpdateSchema,
  type Meal,
  type MealOrder,
  type MealWeek,
} from '@union/contract';
import { useState } from 'react';
import { useContractCheck } from '../../../components/forms/contract-form';
import { SubmitButton } from '../../../components/SubmitButton';
import { toast } from '../../../components/toast';
import { formatCents } from '../../../lib/format';
import { useSaveOrder } from '../api/restaurant';

interface Props {
  meal: Meal;
  entites: MealWeek['entites'];
  /** The order being changed, or none for a new one. */
  order?: MealOrder;
  onClose: () => void;
}

export function OrderModal({ meal, entites, order, onClose }: Props) {
  const save = useSaveOrder();
  const [pour, setPour] = useState<string>(order?.idEntite ? String(order.idEntite) : 'moi');
  const [invites, setInvites] = useState<number>(order?.invites ?? 0);
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    Object.fromEntries((order?.lignes ?? []).map((l) => [l.idPlat, l.quantite])),
  );
  const [commentaire, setCommentaire] = useState(order?.commentaire ?? '');
  const total = meal.plats.reduce((sum, d) => sum + (quantities[d.id] ?? 0) * d.prix, 0);
  const lignes = meal.plats
    .filter((d) => (quantities[d.id] ?? 0) > 0)
    .map((d) => ({ idPlat: d.id, quantite: quantities[d.id]! }));

  // A line's problem shows under its dish's field.
  const { errors, check } = useContractCheck(
    ['idEntite', 'invites', 'commentaire', ...meal.plats.map((d) => `plat.${d.id}`)],
    Object.fromEntries(lignes.map((l, i) => [`lignes.${i}`, `plat.${l.idPlat}`])),
  );

  function submit() {
    if (lignes.length === 0) return;
    const fields = {
      idEntite: pour === 'moi' ? null : Number(pour),
      invites,
      lignes,
      commentaire: commentaire.trim() || null,
    };
    const body = order
      ? check(MealOrderUpdateSchema, { ...fields, id: order.id })
      : check(MealOrderInputSchema, fields);
    if (!body) return;
    save.mutate(
      { mealId: meal.id, order: body },
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
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      title={order ? 'Modifier ma commande' : `Commander – ${meal.titre}`}
      fullScreen={false}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {entites.length > 0 && (
            <Select
              label="Pour"
              data={[
                { value: 'moi', label: 'Moi-même' },
                ...entites.map((e) => ({ value: String(e.id), label: e.nom })),
              ]}
              value={pour}
              onChange={(v) => setPour(v ?? 'moi')}
              allowDeselect={false}
              disabled={order !== undefined}
              error={errors.idEntite}
            />
          )}
          {meal.plats.map((d) => (
            <NumberInput
              key={d.id}
              label={`${d.libelle} (${DishType.labels[d.type]}) – ${formatCents(d.prix)}`}
              min={0}
              max={200}
              allowDecimal={false}
              allowNegative={false}
              value={quantities[d.id] ?? 0}
              onChange={(v) => setQuantities((q) => ({ ...q, [d.id]: Number(v) || 0 }))}
              error={errors[`plat.${d.id}`]}
            />
          ))}
          <NumberInput
            label="Invités (en plus de vous)"
            min={0}
            max={199}
            allowDecimal={false}
            allowNegative={false}
            value={invites}
            onChange={(v) => setInvites(Number(v) || 0)}
            error={errors.invites}
          />
          <Textarea
            label="Remarque pour la cuisine"
            value={commentaire}
            onChange={(e) => setCommentaire(e.currentTarget.value)}
            error={errors.commentaire}
            maxLength={500}
            autosize
            minRows={1}
          />
          <Text fw={700} size="lg" aria-live="polite">
            Total : {formatCents(total)}
          </Text>
          <Group justify="flex-end" align="flex-start">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <SubmitButton
              loading={save.isPending}
              disabledReason={lignes.length === 0 ? 'Choisissez au moins un plat.' : null}
            >
              {order ? 'Enregistrer' : 'Commander'}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
