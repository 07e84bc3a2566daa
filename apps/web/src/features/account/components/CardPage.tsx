/**
 * /app/account/payments: my Union card. The balance in large type (the sum of the ledger, computed by the
 * server), the movements with who wrote each (« Par »: the staff member of an adjustment, whose text
 * carries the balance read and the reason), the top-ups and "Recharger ma carte" with amount choices. Back from the payment
 * page (?rechargement=id) it only shows the top-up's state: the server alone credits, on the provider's
 * signed notification and the treasurer's validation.
 */
import { Alert, Button, Card, Group, Loader, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import {
  MovementType,
  TOP_UP_CHOICES,
  TOP_UP_MAX,
  TOP_UP_MIN,
  TopUpInputSchema,
  TopUpState,
} from '@union/contract';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { SubmitButton } from '../../../components/SubmitButton';
import { usePageTitle } from '../../../components/usePageTitle';
import { eurosToCents, formatCents } from '../../../lib/format';
import { formatDateTime } from '../../../lib/dates';
import { useHabilitation } from '../../../lib/session';
import { TopUpStateBadge, useMyCard, useTopUp } from '../../restaurant';
import { ScrollTable } from '../../../components/ScrollTable';
import { WRAPPING_BUTTON } from '../../../components/wrapping-button';

/** The amount, typed in euros and sent in cents. */
const bodyOf = ({ montant }: { montant: number | string }) => ({
  montant: montant === '' ? undefined : eurosToCents(montant),
});

export function CardPage() {
  usePageTitle('Ma carte Union');
  const card = useMyCard();
  const topUp = useTopUp();
  const [params] = useSearchParams();
  const form = useForm<{ montant: number | string }>({
    initialValues: { montant: 30 },
    validate: contractResolver(TopUpInputSchema, bodyOf),
  });
  const { montant } = form.values;
  const compta = useHabilitation('COMPTA_SAISIE');
  const returned = Number(params.get('rechargement'));
  const back = card.data?.rechargements.find((r) => r.id === returned);
  const cents = eurosToCents(montant);
  const valid = Number.isFinite(cents) && cents >= TOP_UP_MIN && cents <= TOP_UP_MAX;

  function submit(values: { montant: number | string }) {
    topUp.mutate(TopUpInputSchema.parse(bodyOf(values)).montant);
  }

  return (
    <Stack gap="md">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        Ma carte Union
      </Title>
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

          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="recharger">
            <Stack gap="sm">
              <Title order={3} fz="lg" id="recharger">
                Recharger ma carte
              </Title>
              <Group gap="xs" role="group" aria-label="Montants proposés">
                {TOP_UP_CHOICES.map((c) => (
                  <Button
                    key={c}
                    variant={cents === c ? 'filled' : 'default'}
                    aria-pressed={cents === c}
                    onClick={() => form.setFieldValue('montant', c / 100)}
                  >
                    {formatCents(c)}
                  </Button>
                ))}
              </Group>
              <form onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate>
                <Stack gap="sm" align="flex-start">
                  <NumberInput
                    label="Montant (€)"
                    description="Entre 5 € et 500 €, payé par carte bancaire."
                    styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                    min={TOP_UP_MIN / 100}
                    max={TOP_UP_MAX / 100}
                    decimalScale={2}
                    decimalSeparator=","
                    {...form.getInputProps('montant')}
                    maw={240}
                  />
                  <SubmitButton
                    size="md"
                    {...WRAPPING_BUTTON}
                    disabledReason={montant === '' ? 'Indiquez le montant à recharger.' : null}
                    loading={topUp.isPending}
                  >
                    Recharger ma carte{valid ? ` de ${formatCents(cents)}` : ''}
                  </SubmitButton>
                </Stack>
              </form>
            </Stack>
          </Card>

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
            <ScrollTable label="Mouvements de la carte" minWidth={440}>
              <Table striped aria-label="Mouvements de la carte">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Libellé</Table.Th>
                    <Table.Th>Par</Table.Th>
                    <Table.Th ta="right">Montant</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {card.data.mouvements.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td>{formatDateTime(m.date)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{m.libelle}</Text>
                        <Text size="xs" c="gray.7">
                          {MovementType.labels[m.type]}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{m.auteur ? `${m.auteur.prenom} ${m.auteur.nom}` : '—'}</Text>
                      </Table.Td>
                      <Table.Td
                        ta="right"
                        c={m.montant < 0 ? 'red.9' : 'green.9'}
                        fw={600}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {m.montant > 0 ? '+' : ''}
                        {formatCents(m.montant)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
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
