/**
 * The bar takes a payment by card (MENUS): the order is debited from the member's card (C) or the
 * lodge's (L). Staff may type the balance they read on the physical card; when it differs from the
 * ledger by more than 500 €, the adjustment needs a reason (« Motif »), as the server requires.
 * Only this staff screen sends `solde` and `motif` (issue 17).
 */
import { Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ADJUSTMENT_REASON_THRESHOLD, PaymentMeans, SoldeQuerySchema, type MealOrder } from '@union/contract';
import { FormActions } from '../../../components/FormActions';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { eurosToCents, formatCents } from '../../../lib/format';
import { useCashOrder } from '../api/restaurant';

interface FormValues {
  /** Typed in euros; empty when the card was not read. */
  solde: number | string;
  motif: string;
}

const who = (o: MealOrder) => `${o.personne.prenom} ${o.personne.nom}`;

/** The adjustment the read balance would make against the ledger, in cents (0 when none is typed). */
export function adjustmentOf(solde: number | string, ledger: number | null): number {
  if (solde === '' || ledger === null) return 0;
  const cents = eurosToCents(solde);
  return Number.isFinite(cents) ? cents - ledger : 0;
}

export const REASON_REQUIRED = `Motif : un ajustement de plus de ${formatCents(ADJUSTMENT_REASON_THRESHOLD)} demande un motif.`;

export function CardPaymentModal({
  order,
  moyen,
  onClose,
}: {
  order: MealOrder;
  moyen: 'C' | 'L';
  onClose: () => void;
}) {
  const cash = useCashOrder();
  const bodyOf = (values: FormValues) => ({
    solde: values.solde === '' ? undefined : eurosToCents(values.solde),
    motif: values.motif.trim() === '' ? undefined : values.motif,
  });
  const contract = contractResolver(SoldeQuerySchema, bodyOf);
  const form = useForm<FormValues>({
    initialValues: { solde: '', motif: '' },
    validate: (values) => {
      const errors = contract(values);
      const adjustment = adjustmentOf(values.solde, order.soldeCarte);
      if (!errors.motif && Math.abs(adjustment) > ADJUSTMENT_REASON_THRESHOLD && !values.motif.trim()) {
        errors.motif = REASON_REQUIRED;
      }
      return errors;
    },
  });
  const adjustment = adjustmentOf(form.values.solde, order.soldeCarte);
  const needsReason = Math.abs(adjustment) > ADJUSTMENT_REASON_THRESHOLD;

  function submit(values: FormValues) {
    const { solde, motif } = SoldeQuerySchema.parse(bodyOf(values));
    cash.mutate(
      {
        mealId: order.idRepas,
        orderId: order.id,
        moyen,
        solde,
        motif: solde === undefined ? undefined : motif,
      },
      {
        onSuccess: () => {
          toast('success', `Commande de ${who(order)} payée.`);
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Encaisser – ${PaymentMeans.labels[moyen]}`}>
      <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
        <Stack gap="sm">
          <Text size="sm">
            Commande de {who(order)} : {formatCents(order.montant)}.
            {order.soldeCarte !== null && ` Solde du registre : ${formatCents(order.soldeCarte)}.`}
          </Text>
          <NumberInput
            label="Solde lu sur la carte (€)"
            description="Facultatif : le solde affiché par la carte, s’il diffère du registre. Un ajustement est alors inscrit à votre nom."
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            min={0}
            max={10_000}
            decimalScale={2}
            decimalSeparator=","
            {...form.getInputProps('solde')}
          />
          {adjustment !== 0 && (
            <Text size="sm" role="status">
              Ajustement : {adjustment > 0 ? '+' : ''}
              {formatCents(adjustment)}
            </Text>
          )}
          {needsReason && (
            <Textarea
              label="Motif"
              description="L’écart avec le registre dépasse 500,00 € : indiquez pourquoi."
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              required
              autosize
              minRows={2}
              maxLength={200}
              {...form.getInputProps('motif')}
            />
          )}
          <FormActions onCancel={onClose} loading={cash.isPending}>
            Encaisser {formatCents(order.montant)}
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
