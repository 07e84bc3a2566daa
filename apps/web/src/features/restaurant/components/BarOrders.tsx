/**
 * The orders of a meal for MENUS, read when the manager opens the meal's bar (not with the week): who, for which lodge, what, the amount, the balance of the card it
 * would be paid with, and exactly the buttons the server allows (pay by each means, refuse, undo). A
 * payment by card opens CardPaymentModal, where the balance read on the card may be typed.
 */
import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PaymentMeans, plural, type Meal, type MealOrder } from '@union/contract';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { formatCents } from '../../../lib/format';
import { useBarOrders, useCashOrder, useRefuseOrder, useUndoPayment } from '../api/restaurant';
import { CardPaymentModal } from './CardPaymentModal';
import { OrderStateBadge } from './labels';
import { ScrollTable } from '../../../components/ScrollTable';

const who = (o: MealOrder) => `${o.personne.prenom} ${o.personne.nom}`;

/**
 * What the kitchen prepares, beside the orders: the quantity of each dish over every order (as the
 * recap counts it), the covers, and the remarks (an allergy) highlighted with whose they are.
 */
function KitchenSummary({ meal, orders }: { meal: Meal; orders: MealOrder[] }) {
  const perDish = new Map<number, number>();
  for (const o of orders)
    for (const l of o.lignes) perDish.set(l.idPlat, (perDish.get(l.idPlat) ?? 0) + l.quantite);
  const guests = orders.reduce((n, o) => n + o.invites, 0);
  const remarks = orders.filter((o) => o.commentaire);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Paper withBorder p="sm" component="section" aria-labelledby={`plats-${meal.id}`}>
        <Text fw={700} size="sm" id={`plats-${meal.id}`} component="h5" m={0}>
          Plats à préparer
        </Text>
        <List size="sm" spacing={2} mt={4}>
          {meal.plats.map((d) => (
            <List.Item key={d.id}>
              <Text span fw={700} size="sm">
                {perDish.get(d.id) ?? 0} ×
              </Text>{' '}
              {d.libelle}
            </List.Item>
          ))}
        </List>
        <Text size="sm" mt={4}>
          {plural(orders.length + guests, 'couvert')} : {plural(orders.length, 'commande')}
          {guests === 0 ? ', sans invité' : ` et ${plural(guests, 'invité')}`}
        </Text>
      </Paper>
      <Paper
        withBorder
        p="sm"
        component="section"
        aria-labelledby={`remarques-${meal.id}`}
        bg={remarks.length > 0 ? 'var(--mantine-color-yellow-0)' : undefined}
        style={
          remarks.length > 0 ? { borderColor: 'var(--mantine-color-orange-7)', borderWidth: 2 } : undefined
        }
      >
        <Group gap={6}>
          {remarks.length > 0 && (
            <IconAlertTriangle size={18} color="var(--mantine-color-orange-9)" aria-hidden />
          )}
          <Text fw={700} size="sm" id={`remarques-${meal.id}`} component="h5" m={0}>
            Remarques pour la cuisine ({remarks.length})
          </Text>
        </Group>
        {remarks.length === 0 ? (
          <Text size="sm" mt={4}>
            Aucune remarque.
          </Text>
        ) : (
          <List size="sm" spacing={2} mt={4}>
            {remarks.map((o) => (
              <List.Item key={o.id}>
                <Text span fw={700} size="sm">
                  {who(o)}
                  {o.entite ? ` (${o.entite})` : ''} :
                </Text>{' '}
                {o.commentaire}
              </List.Item>
            ))}
          </List>
        )}
      </Paper>
    </SimpleGrid>
  );
}

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
    <Stack gap="sm">
      <KitchenSummary meal={meal} orders={orders.data} />
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
                        // Undoing a payment moves money back to a card: asked first, as « Refuser ».
                        onClick={() =>
                          void openDialog({
                            type: 'question',
                            title: 'Annuler le paiement',
                            text:
                              `Annuler le paiement de la commande de ${who(o)} (${formatCents(o.montant)}` +
                              `${o.moyen ? ` – ${PaymentMeans.labels[o.moyen]}` : ''}) ? ` +
                              'Elle redevient à encaisser' +
                              (o.moyen === 'C' || o.moyen === 'L'
                                ? ' et la carte débitée est recréditée.'
                                : '.'),
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
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
