/**
 * One payment of the lodge allocated across its open invoices: the treasurer types the payment, then
 * what goes to each invoice (proposed oldest first). Never more than the payment nor than what each has
 * due; what is not allocated stays a credit of the lodge.
 */
import { Loader, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/FormActions';
import { toast } from '../../../components/toast';
import { eurosToCents, formatCents } from '../../../lib/format';
import { parisDay } from '../../../lib/dates';
import { useEntityAccount, usePayEntity } from '../api/orders';
import { AllocationTable } from './AllocationTable';
import { PaymentFields, type PaymentValue } from './PaymentFields';

export function AllocatePaymentModal({
  entity,
  opened,
  onClose,
}: {
  entity: { id: number; nom: string };
  opened: boolean;
  onClose: () => void;
}) {
  const { data: account, isPending } = useEntityAccount(entity.id, opened);
  const pay = usePayEntity();
  const [payment, setPayment] = useState<PaymentValue>({
    mode: 'C',
    date: parisDay(),
    reference: '',
    montant: '',
  });
  const { mode, date, reference, montant: amount } = payment;
  const [parts, setParts] = useState<Record<number, number | string>>({});
  const montant = eurosToCents(amount);
  const affectations = (account?.factures ?? [])
    .map((f) => ({
      idCommande: f.id,
      montant: eurosToCents(parts[f.id] ?? ''),
      du: f.du,
      numero: f.numeroFacture,
    }))
    .filter((a) => a.montant > 0);
  const affecte = affectations.reduce((s, a) => s + a.montant, 0);
  const over = affectations.find((a) => a.montant > a.du);
  const problem = !date
    ? 'Indiquez la date du paiement.'
    : !(montant > 0)
      ? 'Indiquez le montant du paiement.'
      : over
        ? `La facture ${over.numero} n’a que ${formatCents(over.du)} à payer.`
        : affecte > montant
          ? `Les affectations (${formatCents(affecte)}) dépassent le paiement.`
          : null;

  /** Spreads the payment over the invoices, oldest first. */
  const spread = (total: number) => {
    let left = total;
    const next: Record<number, number | string> = {};
    for (const f of account?.factures ?? []) {
      const part = Math.max(Math.min(left, f.du), 0);
      next[f.id] = part ? part / 100 : '';
      left -= part;
    }
    setParts(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    await pay.mutateAsync({
      idEntite: entity.id,
      mode,
      date: date!,
      reference: reference.trim() || null,
      montant,
      affectations: affectations.map(({ idCommande, montant: m }) => ({ idCommande, montant: m })),
    });
    toast(
      'success',
      montant > affecte
        ? `Le paiement est enregistré ; ${formatCents(montant - affecte)} restent au crédit de la loge.`
        : 'Le paiement est enregistré et réparti.',
    );
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Répartir un paiement — ${entity.nom}`}
      centered
      size="xl"
    >
      {isPending || !account ? (
        <Loader aria-label="Chargement du compte de la loge" />
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <Stack>
            <Text size="sm">
              Dû par la loge : {formatCents(account.du)} · Crédit : {formatCents(account.credit)}
            </Text>
            <PaymentFields
              value={payment}
              what="paiement"
              amountLabel="Montant du paiement (€)"
              onChange={(next) => {
                setPayment(next);
                // A new amount is spread again over the invoices, oldest first.
                if (next.montant !== payment.montant) spread(eurosToCents(next.montant));
              }}
            />
            {account.factures.length === 0 ? (
              <Text size="sm">Aucune facture à payer : le paiement restera au crédit de la loge.</Text>
            ) : (
              <AllocationTable
                factures={account.factures}
                parts={parts}
                onPartChange={(id, v) => setParts((p) => ({ ...p, [id]: v }))}
              />
            )}
            {montant > 0 && (
              <Text size="sm" aria-live="polite">
                Affecté : {formatCents(affecte)} · Reste au crédit de la loge :{' '}
                {formatCents(Math.max(montant - affecte, 0))}
              </Text>
            )}
            <FormActions onCancel={onClose} disabledReason={problem} loading={pay.isPending}>
              Enregistrer le paiement
            </FormActions>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
