/**
 * /app/account/payments: my Union card. The balance in large type (the sum of the ledger, computed by the
 * server), the movements with who wrote each (« Par »: the staff member of an adjustment, whose text
 * carries the balance read and the reason), the top-ups and "Recharger ma carte" with amount choices. Back from the payment
 * page (?rechargement=id) it only shows the top-up's state: the server alone credits, on the provider's
 * signed notification and the treasurer's validation.
 */
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { TopUpState } from '@union/contract';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatCents } from '../../../lib/format';
import { formatDateTime } from '../../../lib/dates';
import { useHabilitation } from '../../../lib/session';
import { TopUpStateBadge, useMyCard } from '../../restaurant';
import { CardMovements } from './CardMovements';
import { TopUpForm } from './TopUpForm';

export function CardPage() {
  usePageTitle('Ma carte Union');
  const card = useMyCard();
  const [params] = useSearchParams();
  const compta = useHabilitation('COMPTA_SAISIE');
  const returned = Number(params.get('rechargement'));
  const back = card.data?.rechargements.find((r) => r.id === returned);
  return (
    <Stack gap="md">
      <Title order={2}>Ma carte Union</Title>
      {back && (
        <Alert
          variant="light"
          color={back.etat === 'X' ? 'red' : back.etat === 'C' || back.etat === 'E' ? 'gray' : 'green'}
          title={`Rechargement de ${formatCents(back.montant)} : ${TopUpState.labels[back.etat].toLowerCase()}`}
          role="status"
        >
          {back.etat === 'P' || back.etat === 'R'
            ? 'Votre paiement est reçu. La trésorerie va valider le rechargement : votre carte sera alors créditée.'
            : back.etat === 'V'
              ? 'Votre carte est créditée.'
              : back.etat === 'X'
                ? 'Le paiement n’a pas abouti : votre carte n’est pas créditée.'
                : back.etat === 'E'
                  ? 'Ce rechargement n’a pas été payé dans la journée : il a expiré. Demandez-en un nouveau.'
                  : 'Le paiement est en cours : actualisez la page dans un instant.'}
        </Alert>
      )}
      {card.isPending && <Loader aria-label="Chargement de la carte" />}
      {card.data && (
        <>
          <Card withBorder radius="md" padding="lg">
            <Group gap="md" wrap="nowrap">
              <IconCreditCard size={40} aria-hidden />
              <Stack gap={0}>
                <Text size="sm" c="gray.7">
                  Solde
                </Text>
                <Text fz={40} fw={800} lh={1.1} data-testid="solde-carte">
                  {formatCents(card.data.solde)}
                </Text>
              </Stack>
            </Group>
          </Card>

          <TopUpForm />

          {compta && (
            <Button
              component={Link}
              to="/app/restauration/rechargements"
              variant="light"
              style={{ alignSelf: 'flex-start' }}
            >
              Rechargements à valider
            </Button>
          )}

          <Title order={3} fz="lg">
            Mouvements
          </Title>
          {card.data.mouvements.length === 0 ? (
            <Text c="gray.7">Aucun mouvement sur votre carte.</Text>
          ) : (
            <CardMovements mouvements={card.data.mouvements} />
          )}

          <Title order={3} fz="lg">
            Mes rechargements
          </Title>
          {card.data.rechargements.length === 0 ? (
            <Text c="gray.7">Aucun rechargement.</Text>
          ) : (
            <Stack gap={6}>
              {card.data.rechargements.map((r) => (
                <Group key={r.id} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {formatDateTime(r.date)} – {formatCents(r.montant)}
                  </Text>
                  <TopUpStateBadge topUp={r} />
                </Group>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
