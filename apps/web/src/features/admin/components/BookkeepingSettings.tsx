/**
 * The books' settings in the Union's settings form (issue 31 §2): the first accounting year (no payment
 * dated before its 1 January) and the chart of accounts, each role with its number and label.
 */
import { NumberInput, SimpleGrid, Stack, Text, TextInput, Title, Card } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CHART_ROLE_LABELS, type ChartOfAccounts, type ChartRole } from '@union/contract';

export interface BookkeepingValues {
  premierExercice: number | string;
  comptes: ChartOfAccounts;
}

export function BookkeepingSettings<V extends { comptabilite: BookkeepingValues }>({
  form,
}: {
  form: UseFormReturnType<V>;
}) {
  const roles = Object.keys(CHART_ROLE_LABELS) as ChartRole[];
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={3} fz="lg">
          Comptabilité : exercices et plan de comptes
        </Title>
        <Text size="sm" c="dimmed">
          Les écritures du fichier des écritures comptables (FEC) utilisent ces comptes. Un règlement daté
          d’avant le 1er janvier du premier exercice est refusé.
        </Text>
        <NumberInput
          label="Premier exercice comptable"
          min={1990}
          max={2100}
          allowDecimal={false}
          w={220}
          {...form.getInputProps('comptabilite.premierExercice')}
        />
        {roles.map((role) => (
          <SimpleGrid key={role} cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
            <Text size="sm">{CHART_ROLE_LABELS[role]}</Text>
            <TextInput
              label="Compte"
              aria-label={`Compte : ${CHART_ROLE_LABELS[role]}`}
              {...form.getInputProps(`comptabilite.comptes.${role}.num`)}
            />
            <TextInput
              label="Intitulé"
              aria-label={`Intitulé : ${CHART_ROLE_LABELS[role]}`}
              {...form.getInputProps(`comptabilite.comptes.${role}.lib`)}
            />
          </SimpleGrid>
        ))}
      </Stack>
    </Card>
  );
}
