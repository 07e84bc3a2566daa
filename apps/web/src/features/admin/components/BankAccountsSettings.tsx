/**
 * The Union's bank accounts in the settings form (issue 34): each with its name, IBAN, BIC and the 512x
 * account of the books; the statements imported in Comptabilité › Banque name one by its IBAN.
 */
import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';

export interface BankAccountValues {
  nom: string;
  iban: string;
  bic: string;
  compte: string;
}

export function BankAccountsSettings<V extends { comptesBancaires: BankAccountValues[]; ics: string }>({
  form,
}: {
  form: UseFormReturnType<V>;
}) {
  const accounts = form.getValues().comptesBancaires;
  const path = (i: number, field: keyof BankAccountValues) => `comptesBancaires.${i}.${field}`;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={3} fz="lg">
          Comptes bancaires de l’Union
        </Title>
        <Text size="sm" c="dimmed">
          Les relevés importés dans Comptabilité › Banque sont rattachés au compte de leur IBAN. Chaque compte
          a son compte comptable 512 (ou un sous-compte : 5121, 5122…).
        </Text>
        <TextInput
          label="Identifiant créancier SEPA (ICS)"
          description="Pour les prélèvements des loges (Comptabilité › Banque › Mandats), par exemple FR72ZZZ123456."
          autoComplete="off"
          maw={360}
          {...form.getInputProps('ics')}
        />
        {accounts.length === 0 && <Text size="sm">Aucun compte bancaire n’est enregistré.</Text>}
        {accounts.map((account, i) => (
          <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm" style={{ flex: 1 }}>
              <TextInput label="Nom du compte" {...form.getInputProps(path(i, 'nom'))} />
              <TextInput label="IBAN" autoComplete="off" {...form.getInputProps(path(i, 'iban'))} />
              <TextInput label="BIC" autoComplete="off" {...form.getInputProps(path(i, 'bic'))} />
              <TextInput label="Compte comptable" {...form.getInputProps(path(i, 'compte'))} />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Retirer le compte bancaire ${account.nom || i + 1}`}
              onClick={() => form.removeListItem('comptesBancaires', i)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              form.insertListItem('comptesBancaires', {
                nom: '',
                iban: '',
                bic: '',
                compte: '512',
              } satisfies BankAccountValues as never)
            }
          >
            Ajouter un compte bancaire
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
