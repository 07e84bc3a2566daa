/**
 * One order at the meal's bar: who, what, the amount, the card's balance, its state and exactly the
 * buttons the server allows (pay by each means, refuse, undo).
 */
import { Button, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { PaymentMeans, type MealOrder } from '@union/contract';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { formatCents } from '../../../lib/format';
import { useCashOrder, useRefuseOrder, useUndoPayment } from '../api/restaurant';
import { OrderStateBadge } from './labels';

export const who = (o: MealOrder) => `${o.personne.prenom} ${o.personne.nom}`;

export function BarOrderRow({
  order: o,
  mealId,
  onPayByCard,
}: {
  order: MealOrder;
  mealId: number;
  /** A payment by card (or lodge card) opens the modal where the card's balance may be typed. */
  onPayByCard: (payment: { order: MealOrder; moyen: 'C' | 'L' }) => void;
}) {
  const pay = useCashOrder();
  const refuse = useRefuseOrder();
  const undo = useUndoPayment();
  const ids = { mealId };
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {who(o)}
          </Text>
          {o.entite && <Text size="xs">{o.entite}</Text>}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {o.lignes.map((l) => `${l.quantite} × ${l.libelle}`).join(', ')}
          {o.invites > 0 && ` (+ ${o.invites} invité${o.invites > 1 ? 's' : ''})`}
        </Text>
        {o.commentaire && (
          <Text
            size="sm"
            fw={700}
            mt={2}
            px={4}
            bg="var(--mantine-color-yellow-1)"
            c="var(--mantine-color-dark-9)"
            style={{ borderLeft: '3px solid var(--mantine-color-orange-7)' }}
          >
            Remarque : {o.commentaire}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{formatCents(o.montant)}</Table.Td>
      <Table.Td>{o.soldeCarte === null ? '' : formatCents(o.soldeCarte)}</Table.Td>
      <Table.Td>
        <OrderStateBadge order={o} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {o.actions.includes('PAY') && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button size="compact-sm" aria-label={`Encaisser la commande de ${who(o)}`}>
                  Encaisser
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {PaymentMeans.codes
                  .filter((m) => m !== 'L' || o.idEntite !== null)
                  .map((moyen) => (
                    <Menu.Item
                      key={moyen}
                      onClick={() =>
                        moyen === 'C' || moyen === 'L'
                          ? onPayByCard({ order: o, moyen })
                          : pay.mutate(
                              { ...ids, orderId: o.id, moyen },
                              { onSuccess: () => toast('success', `Commande de ${who(o)} payée.`) },
                            )
                      }
                    >
                      {PaymentMeans.labels[moyen]}
                    </Menu.Item>
                  ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {o.actions.includes('REFUSE') && o.etat !== 'R' && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              c="red"
              onClick={() =>
                void openDialog({
                  type: 'question',
                  title: 'Refuser le paiement',
                  text: `Refuser le paiement de la commande de ${who(o)} (${formatCents(o.montant)}) ? Elle reste à payer.`,
                  okLabel: 'Refuser le paiement',
                }).then((answer) => answer === 'ok' && refuse.mutate({ ...ids, orderId: o.id }))
              }
              aria-label={`Refuser le paiement de ${who(o)}`}
            >
              Refuser
            </Button>
          )}
          {o.actions.includes('UNDO_PAYMENT') && (
            <Button
              size="compact-sm"
              variant="default"
              // Undoing a payment moves money back to a card: asked first, as « Refuser ».
              onClick={() =>
                void openDialog({
                  type: 'question',
                  title: 'Annuler le paiement',
                  text:
                    `Annuler le paiement de la commande de ${who(o)} (${formatCents(o.montant)}` +
                    `${o.moyen ? ` – ${PaymentMeans.labels[o.moyen]}` : ''}) ? ` +
                    'Elle redevient à encaisser' +
                    (o.moyen === 'C' || o.moyen === 'L' ? ' et la carte débitée est recréditée.' : '.'),
                  okLabel: 'Annuler le paiement',
                  cancelLabel: 'Ne rien changer',
                }).then(
                  (answer) =>
                    answer === 'ok' &&
                    undo.mutate(
                      { ...ids, orderId: o.id },
                      { onSuccess: () => toast('info', 'Paiement annulé.') },
                    ),
                )
              }
              aria-label={`Annuler le paiement de ${who(o)}`}
            >
              Annuler le paiement
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
