/**
 * The Union's rule of who must have a second factor (issue 22): the habilitations that require one and
 * the days a person concerned may still sign in without, from their first sign-in concerned. Its own
 * form and button: it is saved apart from the Union's other settings (its own call and audit entry).
 */
import { Alert, Button, Card, Fieldset, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SecondFactorSettingsSchema, type Habilitation, type SecondFactorSettings } from '@union/contract';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { useSaveSecondFactorSettings, useSecondFactorSettings } from '../api/settings';
import { HabilitationsPicker } from './HabilitationsPicker';

interface FormValues {
  habilitations: Habilitation[];
  /** As typed: the schema says why it is not a number of days. */
  delaiJours: number | string;
}

const bodyOf = (values: FormValues) => ({
  habilitations: values.habilitations,
  delaiJours: values.delaiJours === '' ? undefined : Number(values.delaiJours),
});

function RuleForm({ settings }: { settings: SecondFactorSettings }) {
  const save = useSaveSecondFactorSettings();
  const form = useForm<FormValues>({
    initialValues: settings,
    validate: contractResolver(SecondFactorSettingsSchema, bodyOf),
  });

  function submit(values: FormValues) {
    save.mutate(SecondFactorSettingsSchema.parse(bodyOf(values)), {
      onSuccess: (saved) => {
        form.resetDirty(saved);
        toast('success', 'Règle de double authentification enregistrée.');
      },
    });
  }

  return (
    <form onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate aria-labelledby="regle-2fa-titre">
      <Stack gap="md">
        <Fieldset
          variant="unstyled"
          legend={
            <Text size="sm" fw={500}>
              Habilitations qui exigent la double authentification
            </Text>
          }
        >
          <HabilitationsPicker
            profiles={false}
            value={form.values.habilitations}
            onChange={(value) => form.setFieldValue('habilitations', value)}
          />
        </Fieldset>
        <NumberInput
          label="Délai pour l’activer (jours)"
          description="Compté depuis la première connexion où la personne est concernée ; 0 : dès la prochaine connexion."
          min={0}
          max={365}
          // Not clamped as typed: the contract's French message says what is wrong.
          clampBehavior="none"
          allowDecimal={false}
          w={{ base: '100%', sm: 320 }}
          {...form.getInputProps('delaiJours')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Enregistrer la règle
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SecondFactorRuleCard() {
  const { data, isPending, isError } = useSecondFactorSettings();
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={3} fz="lg" id="regle-2fa-titre">
          Double authentification obligatoire
        </Title>
        <Text size="sm" c="dimmed">
          Une personne qui a l’une de ces habilitations doit se connecter avec un code de son application
          d’authentification. Sans application, elle est prévenue à la connexion jusqu’à la fin du délai, puis
          doit en configurer une avant d’entrer.
        </Text>
        {isPending && <Loader aria-label="Chargement de la règle" />}
        {isError && <Alert color="red">La règle n’a pas pu être chargée.</Alert>}
        {data && <RuleForm settings={data} />}
      </Stack>
    </Card>
  );
}
