/** Credit a card (cash, cheque) or debit it for a bar sale: find the card, say what, record. */
import {
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatCents } from '../../../lib/format';
import { cardKeyOf, useCardMovementForm, type Operation } from '../hooks/useCardMovementForm';

const OPERATIONS: { value: Operation; label: string }[] = [
  { value: 'E', label: 'Crédit en espèces' },
  { value: 'C', label: 'Crédit par chèque' },
  { value: 'V', label: 'Vente au bar' },
];

export function CardMovementForm({ sessionId }: { sessionId: number }) {
  const form = useCardMovementForm(sessionId);

  return (
    <Paper withBorder p="md">
      <form noValidate onSubmit={form.submit} aria-labelledby="mouvement-carte">
        <Stack gap="sm">
          <Title order={3} fz={{ base: 18, sm: 20 }} id="mouvement-carte">
            Créditer ou débiter une carte
          </Title>
          <TextInput
            id="desk-card-search"
            label="Carte de"
            description="Deux lettres au moins du nom du membre ou de la loge"
            value={form.q}
            onChange={(e) => form.search(e.currentTarget.value)}
            error={form.errors.card}
            autoComplete="off"
          />
          {form.cards.isFetching && <Loader size="sm" aria-label="Recherche des cartes" />}
          {form.cards.data && form.cards.data.length === 0 && (
            <Text size="sm">Aucune carte ne correspond à « {form.q.trim()} ».</Text>
          )}
          {form.cards.data && form.cards.data.length > 0 && (
            <Radio.Group label="Carte choisie" value={form.card} onChange={form.setCard} required>
              <Stack gap={6} mt={4}>
                {form.cards.data.map((c) => (
                  <Radio
                    key={cardKeyOf(c)}
                    value={cardKeyOf(c)}
                    label={`${c.titulaire}${c.idEntite !== null ? ' (loge)' : ''} – solde ${formatCents(c.solde)}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <SegmentedControl
            aria-label="Opération"
            value={form.operation}
            onChange={(v) => form.setOperation(v as Operation)}
            data={OPERATIONS}
            fullWidth
            orientation="horizontal"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              id="desk-amount"
              label="Montant (€)"
              required
              min={0}
              decimalScale={2}
              decimalSeparator=","
              value={form.montant}
              onChange={form.setMontant}
              error={form.errors.montant}
            />
            {form.operation !== 'E' && (
              <TextInput
                id="desk-text"
                label={form.operation === 'V' ? 'Article vendu' : 'Numéro et banque du chèque'}
                required={form.operation === 'V'}
                value={form.texte}
                onChange={(e) => form.setTexte(e.currentTarget.value)}
                maxLength={form.operation === 'V' ? 200 : 100}
                error={form.errors.texte}
              />
            )}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.pending}>
              {form.operation === 'V' ? 'Débiter la carte' : 'Créditer la carte'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
