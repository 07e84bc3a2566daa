/** /app/account/commandes: my meal orders, newest first, with their states. */
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatCents } from '../../../lib/format';
import { formatLongDate } from '../../../lib/dates';
import { OrderStateBadge, mealName, useMyOrders } from '../../restaurant';

export function MealOrdersPage() {
  usePageTitle('Mes commandes de repas');
  const orders = useMyOrders();
  return (
    <Stack gap="md">
      <Title order={2}>Mes commandes de repas</Title>
      {orders.isPending && <Loader aria-label="Chargement des commandes" />}
      {orders.data && orders.data.length === 0 && (
        <Alert variant="light" color="gray" icon={<IconToolsKitchen2 />}>
          Vous n’avez encore commandé aucun repas.{' '}
          <Link to="/app/restauration">Voir les repas de la semaine</Link>
        </Alert>
      )}
      {orders.data?.map((o) => (
        <Card key={o.id} withBorder padding="sm" radius="md" component="article">
          <Stack gap={4}>
            <Group justify="space-between" wrap="wrap">
              <Text fw={600}>
                {/* « Jeudi 3 décembre »: the first letter only (CSS capitalize wrote « Décembre »). */}
                <Text span>{formatLongDate(o.date).replace(/^./, (c) => c.toUpperCase())}</Text> – {o.repas}
              </Text>
              <OrderStateBadge order={o} />
            </Group>
            {o.entite && <Text size="sm">Pour {o.entite}</Text>}
            <Text size="sm">
              {o.lignes.map((l) => `${l.quantite} × ${l.libelle}`).join(', ')}
              {o.invites > 0 && ` (+ ${o.invites} invité${o.invites > 1 ? 's' : ''})`}
            </Text>
            <Group justify="space-between">
              <Text fw={700}>{formatCents(o.montant)}</Text>
              {o.actions.length > 0 && (
                <Button
                  component={Link}
                  to={`/app/restauration?date=${o.date}`}
                  size="compact-sm"
                  variant="light"
                  aria-label={`Voir le repas ${mealName({ titre: o.repas, date: o.date })}`}
                >
                  Voir le repas
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
