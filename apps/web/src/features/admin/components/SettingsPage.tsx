/**
 * The Union's settings: its legal identity printed on quotes and invoices, the VAT mention, and the
 * yearly fee per member for each entity type (fee calls), the booking rules of the rooms, and the rule of
 * who must have a second factor (its own form: SecondFactorRuleCard), the books' first year and chart of
 * accounts (BookkeepingSettings).
 */
import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { UnionSettingsInputSchema, type UnionSettings } from '@union/contract';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { useSaveUnionSettings, useUnionSettings } from '../api/settings';
import { BankAccountsSettings } from './BankAccountsSettings';
import { BookkeepingSettings } from './BookkeepingSettings';
import { SecondFactorRuleCard } from './SecondFactorRuleCard';
import { bodyOf, valuesOf, type SettingsValues } from './settings-form';
import {
  BankSettings,
  BookingSettings,
  FeeSettings,
  IdentitySettings,
  ReminderSettings,
  VatSettings,
} from './UnionSettingsSections';
import { AdminNav } from './AdminNav';
import { usePageTitle } from '../../../components/usePageTitle';

function SettingsForm({ settings }: { settings: UnionSettings }) {
  const save = useSaveUnionSettings();
  const form = useForm<SettingsValues>({
    initialValues: valuesOf(settings),
    // The identity's fields are the form's top-level fields.
    validate: contractResolver(UnionSettingsInputSchema, bodyOf, { identite: '' }),
  });

  function submit(values: SettingsValues) {
    const body = UnionSettingsInputSchema.parse(bodyOf(values));
    save.mutate(
      {
        ...body,
        banque: body.banque!,
        relances: body.relances!,
        comptabilite: body.comptabilite!,
        comptesBancaires: body.comptesBancaires!,
      },
      {
        onSuccess: () => toast('success', 'Paramètres enregistrés.'),
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate>
      <Stack gap="lg">
        <IdentitySettings form={form} />
        <VatSettings form={form} />
        <FeeSettings form={form} />
        <BookingSettings form={form} />
        <BankSettings form={form} />
        <BankAccountsSettings form={form} />
        <ReminderSettings form={form} />
        <BookkeepingSettings form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Enregistrer les paramètres
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SettingsPage() {
  usePageTitle("Paramètres de l'Union");
  const { data, isPending, isError } = useUnionSettings();
  return (
    <Stack gap="lg">
      <Title order={2}>Paramètres de l'Union</Title>
      <AdminNav />
      {isPending && <Loader aria-label="Chargement des paramètres" />}
      {isError && <Alert color="red">Les paramètres n'ont pas pu être chargés.</Alert>}
      {data && <SettingsForm settings={data} />}
      <SecondFactorRuleCard />
    </Stack>
  );
}
