/**
 * « Recharger ma carte »: amount choices and a typed amount, sent to the payment page.
 */
import { Button, Card, Group, NumberInput, Stack, Title } from '@mantine/core';
import { TOP_UP_CHOICES, TOP_UP_MAX, TOP_UP_MIN, TopUpInputSchema } from '@union/contract';
import { useForm } from '@mantine/form';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { SubmitButton } from '../../../components/SubmitButton';
import { eurosToCents, formatCents } from '../../../lib/format';
import { useTopUp } from '../../restaurant';
import { WRAPPING_BUTTON } from '../../../components/wrapping-button';

/** The amount, typed in euros and sent in cents. */
const bodyOf = ({ montant }: { montant: number | string }) => ({
  montant: montant === '' ? undefined : eurosToCents(montant),
});

export function TopUpForm() {
  const topUp = useTopUp();
  const form = useForm<{ montant: number | string }>({
    initialValues: { montant: 30 },
    validate: contractResolver(TopUpInputSchema, bodyOf),
  });
  const { montant } = form.values;
  const cents = eurosToCents(montant);
  const valid = Number.isFinite(cents) && cents >= TOP_UP_MIN && cents <= TOP_UP_MAX;

  function submit(values: { montant: number | string }) {
    topUp.mutate(TopUpInputSchema.parse(bodyOf(values)).montant);
  }

  return (
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
  );
}
