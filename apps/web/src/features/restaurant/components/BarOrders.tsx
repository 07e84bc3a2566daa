/**
 * The orders of a meal for MENUS, read when the manager opens the meal's bar (not with the week): who, for which lodge, what, the amount, the balance of the card it
 * would be paid with, and exactly the buttons the server allows (pay by each means, refuse, undo). A
 * payment by card opens CardPaymentModal, where the balance read on the card may be typed.
 */
import { Alert, Button, Group, Loader, Menu, Stack, Table, Text } from '@mantine/core';
import { PaymentMeans, type Meal, type MealOrder } from '@union/contract';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { formatCents } from '../../../lib/format';
import { useBarOrders, useCashOrder, useRefuseOrder, useUndoPayment } from '../api/restaurant';
import { CardPaymentModal } from './CardPaymentModal';
import { OrderStateBadge } from './labels';
import { ScrollTable } from '../../../components/ScrollTable';

const who = (o: MealOrder) => `${o.personne.prenom} ${o.personne.nom}`;

export function BarOrders({ meal }: { meal: Meal }) {
  const pay = useCashOrder();
  const [byCard, setByCard] = useState<{ order: MealOrder; moyen: 'C' | 'L' } | null>(null);
  const refuse = useRefuseOrder();
  const undo = useUndoPayment();
  const orders = useBarOrders(meal.id);
  if (orders.isPending)
    return <Loader size="sm" aria-label={`Chargement des commandes du repas ${meal.titre}`} />;
  if (orders.isError) return <Alert color="red">Les commandes de ce repas n'ont pas pu être chargées.</Alert>;
  if (orders.data.length === 0) return <Text c="gray.7">Aucune commande pour l’instant.</Text>;
  const ids = { mealId: meal.id };
  return (
    <>
      {byCard && <CardPaymentModal {...byCard} onClose={() => setByCard(null)} />}
      <ScrollTable label="Commandes du repas" minWidth={640}>
        <Table striped verticalSpacing="xs" aria-label={`Commandes du repas ${meal.titre}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Personne</Table.Th>
              <Table.Th>Commande</Table.Th>
              <Table.Th>Montant</Table.Th>
              <Table.Th>Solde carte</Table.Th>
              <Table.Th>État</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.data.map((o) => (
              <Table.Tr key={o.id}>
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
                                    ? setByCard({ order: o, moyen })
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
                        c="red.9"
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
                        onClick={() =>
                          undo.mutate(
                            { ...ids, orderId: o.id },
                            { onSuccess: () => toast('info', 'Paiement annulé.') },
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
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </>
  );
}
