/**
 * One meal of the week: dishes and prices, seats left, the deadline ("Commandes closes" after it), whose
 * agapes it is (« Agapes de votre loge » for the lodge's people), my orders with their buttons; for MENUS
 * the meal's own buttons, its dishes and every order.
 */
import { ActionIcon, Badge, Button, Card, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import {
  deEntite,
  DishType,
  MealType,
  plural,
  type Dish,
  type Meal,
  type MealBar,
  type MealOrder,
  type MealWeek,
} from '@union/contract';
import { useRef, useState } from 'react';
import { asyncHandler } from '../../../components/error-handler';
import { openDialog } from '../../../components/dialog';
import { WRAPPING_BUTTON } from '../../../components/wrapping-button';
import { toast } from '../../../components/toast';
import { formatCents } from '../../../lib/format';
import { formatLongDate } from '../../../lib/dates';
import {
  downloadRecap,
  useDeleteDish,
  useDeleteMeal,
  useDeleteOrder,
  useNotifyMeal,
  usePayWithCard,
} from '../api/restaurant';
import { BarOrders } from './BarOrders';
import { DishModal } from './DishModal';
import { MealModal } from './MealModal';
import { OrderModal } from './OrderModal';
import { OrderStateBadge, deadlineText, mealName } from './labels';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The bar's header, split as the recap splits it: the « total payant » (every order not offered) and,
 * apart, what is offered by invitation, so the two figures a manager compares are the same.
 */
function barHeading(bar: MealBar | null): string {
  const { commandes, montant, offertes, offert } = bar ?? {
    commandes: 0,
    montant: 0,
    offertes: 0,
    offert: 0,
  };
  const gift = offertes > 0 ? ` · offert ${formatCents(offert)} (${plural(offertes, 'commande')})` : '';
  return `Commandes (${commandes}) · total payant ${formatCents(montant)}${gift}`;
}

/** A question whose confirming button repeats its title (« Supprimer le repas »), never « Ok ». */
const confirm = (title: string, text: string) =>
  openDialog({ type: 'question', title, text, okLabel: title });

export function MealCard({ meal, week }: { meal: Meal; week: MealWeek }) {
  const [ordering, setOrdering] = useState<MealOrder | 'new' | null>(null);
  const [editingMeal, setEditingMeal] = useState(false);
  const [editingDish, setEditingDish] = useState<Dish | 'new' | null>(null);
  const [barOpen, setBarOpen] = useState(false);
  const deleteMeal = useDeleteMeal();
  const notify = useNotifyMeal();
  const deleteDish = useDeleteDish();
  const deleteOrder = useDeleteOrder();
  const pay = usePayWithCard();
  const manage = meal.actions.includes('EDIT');
  const headingId = `repas-${meal.id}`;
  const name = mealName(meal);
  // A dialog closed gives the focus back to the button that opened it, or to the meal's heading when
  // that button is gone (« Commander » once the order is taken). The dialogs are unmounted on closing,
  // which Mantine's own return does not cover.
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const opening =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      set(v);
    };
  const closing = (close: () => void) => () => {
    close();
    window.setTimeout(() => {
      const el = opener.current;
      if (el && el.isConnected && !el.matches(':disabled')) el.focus();
      else heading.current?.focus();
    }, 20);
  };

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" c="gray.7">
              {capitalize(formatLongDate(meal.date))} – {MealType.labels[meal.type]}
            </Text>
            <Title order={3} fz="lg" id={headingId} ref={heading} tabIndex={-1}>
              {meal.titre}
            </Title>
          </Stack>
          {meal.commandable ? (
            <Badge color="green" variant="light" tt="none" size="lg" styles={{ label: { color: '#1b5e20' } }}>
              {meal.placesRestantes} place{meal.placesRestantes > 1 ? 's' : ''} restante
              {meal.placesRestantes > 1 ? 's' : ''}
            </Badge>
          ) : (
            <Badge color="gray" variant="filled" tt="none" size="lg">
              Commandes closes
            </Badge>
          )}
        </Group>
        <Text size="sm">Commandes jusqu’au {deadlineText(meal.limite)}</Text>
        {meal.agapes && (
          <Group gap="xs" wrap="wrap">
            {meal.mesAgapes && (
              <Badge color="blue" variant="light" tt="none" styles={{ label: { color: '#0b3d91' } }}>
                Agapes de votre loge
              </Badge>
            )}
            <Text size="sm">
              {`Agapes ${deEntite(meal.agapes.entite)} – ${meal.agapes.libelle}, ${meal.agapes.debut} (${meal.agapes.salle})`}
            </Text>
          </Group>
        )}

        {meal.plats.length === 0 ? (
          <Text size="sm" c="gray.7">
            Menu à venir.
          </Text>
        ) : (
          <Table verticalSpacing={4} aria-label={`Menu de ${meal.titre}`}>
            <Table.Tbody>
              {meal.plats.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text size="sm">
                      <Text span size="xs" c="gray.7">
                        {DishType.labels[d.type]} ·{' '}
                      </Text>
                      {d.libelle}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatCents(d.prix)}
                  </Table.Td>
                  {manage && (
                    <Table.Td w={80}>
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Modifier le plat ${d.libelle}`}
                          onClick={() => opening(setEditingDish)(d)}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Supprimer le plat ${d.libelle}`}
                          onClick={asyncHandler(async () => {
                            if (
                              (await confirm('Supprimer le plat', `Supprimer « ${d.libelle} » ?`)) === 'ok'
                            ) {
                              deleteDish.mutate({ mealId: meal.id, dishId: d.id });
                            }
                          })}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}

        {meal.mesCommandes.map((o) => (
          <Card key={o.id} withBorder padding="xs" radius="sm" bg="var(--mantine-color-gray-0)">
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  {o.entite ? `Ma commande pour ${o.entite}` : 'Ma commande'} – {formatCents(o.montant)}
                </Text>
                <OrderStateBadge order={o} />
              </Group>
              <Text size="sm">
                {o.lignes.map((l) => `${l.quantite} × ${l.libelle}`).join(', ')}
                {o.invites > 0 && ` (+ ${o.invites} invité${o.invites > 1 ? 's' : ''})`}
              </Text>
              <Group gap="xs">
                {o.actions.includes('PAY_CARD') && (
                  <Button
                    size="compact-md"
                    onClick={() =>
                      void openDialog({
                        type: 'question',
                        title: 'Payer avec la carte Union',
                        text: `Payer ${formatCents(o.montant)} avec ${o.idEntite === null ? 'votre carte Union' : 'la carte de la loge'} ?`,
                        okLabel: `Payer ${formatCents(o.montant)}`,
                      }).then(
                        (answer) =>
                          answer === 'ok' &&
                          pay.mutate(
                            { mealId: meal.id, orderId: o.id, moyen: o.idEntite === null ? 'C' : 'L' },
                            { onSuccess: () => toast('success', 'Commande payée avec la carte Union.') },
                          ),
                      )
                    }
                  >
                    {o.idEntite === null ? 'Payer avec ma carte' : 'Payer avec la carte de la loge'}
                  </Button>
                )}
                {o.actions.includes('EDIT') && (
                  <Button
                    size="compact-md"
                    variant="default"
                    onClick={() => opening(setOrdering)(o)}
                    aria-label={`Modifier ma commande${o.entite ? ` pour ${o.entite}` : ''} de ${name}`}
                  >
                    Modifier
                  </Button>
                )}
                {o.actions.includes('DELETE') && (
                  <Button
                    size="compact-md"
                    variant="subtle"
                    color="red"
                    c="red.9"
                    aria-label={`Supprimer ma commande${o.entite ? ` pour ${o.entite}` : ''} de ${name}`}
                    onClick={asyncHandler(async () => {
                      if (
                        (await confirm(
                          'Supprimer la commande',
                          `Supprimer votre commande${o.entite ? ` pour ${o.entite}` : ''} de ${name} ?`,
                        )) === 'ok'
                      ) {
                        deleteOrder.mutate({ mealId: meal.id, orderId: o.id });
                      }
                    })}
                  >
                    Supprimer
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        ))}

        {meal.actions.includes('ORDER') && (
          <Group gap="sm">
            <Button
              onClick={() => opening(setOrdering)('new')}
              aria-label={`Commander ${name}`}
              size="md"
              fullWidth={false}
              disabled={meal.plats.length === 0}
              // A disabled button says why.
              aria-describedby={meal.plats.length === 0 ? `no-dish-${meal.id}` : undefined}
            >
              Commander
            </Button>
            {meal.plats.length === 0 && (
              <Text size="sm" c="dimmed" id={`no-dish-${meal.id}`}>
                Les plats de ce repas ne sont pas encore publiés.
              </Text>
            )}
          </Group>
        )}

        {manage && (
          <>
            <Divider
              label={
                <Text size="xs" c="gray.7">
                  Gestion
                </Text>
              }
              labelPosition="left"
            />
            <Group gap="xs">
              <Button
                size="compact-md"
                variant="light"
                onClick={() => opening(setEditingDish)('new')}
                aria-label={`Ajouter un plat à ${name}`}
              >
                Ajouter un plat
              </Button>
              <Button
                size="compact-md"
                variant="default"
                onClick={() => opening(setEditingMeal)(true)}
                aria-label={`Modifier le repas ${name}`}
              >
                Modifier le repas
              </Button>
              {meal.actions.includes('NOTIFY') && (
                <Button
                  size="compact-md"
                  variant="default"
                  disabled={meal.notifie}
                  aria-label={`${meal.notifie ? 'Menu notifié' : 'Notifier le menu'} de ${name}`}
                  loading={notify.preview.isPending || notify.send.isPending}
                  onClick={() =>
                    notify.preview.mutate(meal.id, {
                      onSuccess: asyncHandler(async ({ destinataires }) => {
                        if (destinataires === 0) {
                          await openDialog({
                            type: 'info',
                            title: 'Notifier le menu',
                            text: "Aucun membre n'a demandé à recevoir les menus par e-mail : rien n'est envoyé.",
                          });
                          return;
                        }
                        const answer = await openDialog({
                          type: 'question',
                          title: 'Notifier le menu',
                          text: `Envoyer par e-mail le menu ${name} ? Il part à ${plural(destinataires, 'personne')}.`,
                          okLabel: `Envoyer ${plural(destinataires, 'e-mail')}`,
                        });
                        if (answer !== 'ok') return;
                        notify.send.mutate(meal.id, {
                          onSuccess: (r) =>
                            toast('success', `${plural(r.destinataires, 'e-mail')} en file d'envoi.`),
                        });
                      }),
                    })
                  }
                >
                  {meal.notifie ? 'Menu notifié' : 'Notifier'}
                </Button>
              )}
              {meal.actions.includes('RECAP') && (
                <Button
                  size="compact-md"
                  variant="default"
                  onClick={asyncHandler(() => downloadRecap(meal))}
                  aria-label={`Récapitulatif (PDF) de ${name}`}
                >
                  Récapitulatif (PDF)
                </Button>
              )}
              {meal.actions.includes('DELETE') && (
                <Button
                  size="compact-md"
                  variant="subtle"
                  color="red"
                  c="red.9"
                  aria-label={`Supprimer le repas ${name}`}
                  onClick={asyncHandler(async () => {
                    if (
                      (await confirm(
                        'Supprimer le repas',
                        `Supprimer le repas ${name} et ses commandes non payées ?`,
                      )) === 'ok'
                    ) {
                      deleteMeal.mutate(meal.id, { onSuccess: () => toast('info', 'Repas supprimé.') });
                    }
                  })}
                >
                  Supprimer le repas
                </Button>
              )}
            </Group>
            <Title order={4} fz="md">
              {/* Wraps on a phone: « · total payant 104,00 € · offert … » is longer than 380 px. */}
              <Button
                variant="subtle"
                size="compact-md"
                {...WRAPPING_BUTTON}
                styles={{ label: { ...WRAPPING_BUTTON.styles.label, textAlign: 'left' } }}
                aria-expanded={barOpen}
                aria-controls={`bar-${meal.id}`}
                onClick={() => setBarOpen((o) => !o)}
              >
                {barHeading(meal.bar)}
              </Button>
            </Title>
            {/* Read on opening only: a busy week has thousands of orders (issue 18). */}
            <div id={`bar-${meal.id}`}>{barOpen && <BarOrders meal={meal} />}</div>
          </>
        )}
      </Stack>
      {ordering && (
        <OrderModal
          meal={meal}
          entites={week.entites}
          order={ordering === 'new' ? undefined : ordering}
          onClose={closing(() => setOrdering(null))}
        />
      )}
      {editingMeal && (
        <MealModal meal={meal} defaultDate={meal.date} onClose={closing(() => setEditingMeal(false))} />
      )}
      {editingDish && (
        <DishModal
          mealId={meal.id}
          dish={editingDish === 'new' ? undefined : editingDish}
          onClose={closing(() => setEditingDish(null))}
        />
      )}
    </Card>
  );
}
