/**
 * The Union's settings: its legal identity printed on quotes and invoices, the VAT mention, and the
 * yearly fee per member for each entity type (fee calls).
 */
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { EntityType, TVA_MENTIONS, type UnionSettings } from '@union/contract';
import { toast } from '../../../components/toast';
import { useSaveUnionSettings, useUnionSettings } from '../api/settings';
import { eurosToCents } from '../lib/format';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface FormValues {
  raisonSociale: string;
  adresse: string;
  siret: string;
  rna: string;
  email: string;
  telephone: string;
  mentionTva: string;
  /** Euros, as typed. */
  cotisations: Record<EntityType, number | string>;
}

const valuesOf = (s: UnionSettings): FormValues => ({
  ...s.identite,
  siret: s.identite.siret ?? '',
  rna: s.identite.rna ?? '',
  telephone: s.identite.telephone ?? '',
  mentionTva: s.mentionTva,
  cotisations: Object.fromEntries(EntityType.codes.map((c) => [c, s.cotisations[c] / 100])) as Record<
    EntityType,
    number
  >,
});

function SettingsForm({ settings }: { settings: UnionSettings }) {
  const save = useSaveUnionSettings();
  const form = useForm<FormValues>({
    initialValues: valuesOf(settings),
    validate: {
      raisonSociale: (v) => (v.trim() ? null : 'La raison sociale est obligatoire.'),
      adresse: (v) => (v.trim() ? null : "L'adresse est obligatoire."),
      siret: (v) => (/^(\d{14})?$/.test(v.replace(/\s/g, '')) ? null : 'Le SIRET comporte 14 chiffres.'),
      rna: (v) => (/^(W\d{9})?$/.test(v.trim()) ? null : 'De la forme W123456789.'),
      email: (v) => (EMAIL_PATTERN.test(v.trim()) ? null : "Le format de l'e-mail est invalide."),
      mentionTva: (v) => (v.trim() ? null : 'La mention de TVA est obligatoire.'),
    },
  });
  const custom = !(TVA_MENTIONS as readonly string[]).includes(form.values.mentionTva);

  function submit(values: FormValues) {
    save.mutate(
      {
        identite: {
          raisonSociale: values.raisonSociale.trim(),
          adresse: values.adresse.trim(),
          siret: values.siret.replace(/\s/g, '') || null,
          rna: values.rna.trim() || null,
          email: values.email.trim(),
          telephone: values.telephone.trim() || null,
        },
        mentionTva: values.mentionTva.trim(),
        cotisations: Object.fromEntries(
          EntityType.codes.map((c) => [c, eurosToCents(values.cotisations[c] || 0)]),
        ) as UnionSettings['cotisations'],
      },
      { onSuccess: () => toast('success', 'Paramètres enregistrés.') },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              Identité légale de l'Union
            </Title>
            <Text size="sm" c="dimmed">
              Imprimée sur les devis et les factures.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Raison sociale" required {...form.getInputProps('raisonSociale')} />
              <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
              <TextInput label="SIRET" {...form.getInputProps('siret')} />
              <TextInput label="N° RNA" {...form.getInputProps('rna')} />
              <TextInput label="Téléphone" type="tel" {...form.getInputProps('telephone')} />
            </SimpleGrid>
            <Textarea label="Adresse" required autosize minRows={2} {...form.getInputProps('adresse')} />
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              Mention de TVA
            </Title>
            <Radio.Group
              value={custom ? 'autre' : form.values.mentionTva}
              onChange={(value) => form.setFieldValue('mentionTva', value === 'autre' ? '' : value)}
            >
              <Stack gap="xs">
                <Radio value={TVA_MENTIONS[0]} label={`${TVA_MENTIONS[0]} (organismes sans but lucratif)`} />
                <Radio value={TVA_MENTIONS[1]} label={`${TVA_MENTIONS[1]} (franchise en base)`} />
                <Radio value="autre" label="Autre mention" />
              </Stack>
            </Radio.Group>
            {custom && <TextInput label="Mention" required {...form.getInputProps('mentionTva')} />}
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              Cotisation annuelle par membre
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {EntityType.codes.map((code) => (
                <NumberInput
                  key={code}
                  label={EntityType.labels[code]}
                  min={0}
                  decimalScale={2}
                  decimalSeparator=","
                  thousandSeparator=" "
                  suffix=" €"
                  {...form.getInputProps(`cotisations.${code}`)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Card>
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
  const { data, isPending, isError } = useUnionSettings();
  return (
    <Stack gap="lg">
      <Title order={2}>Paramètres de l'Union</Title>
      {isPending && <Loader aria-label="Chargement des paramètres" />}
      {isError && <Alert color="red">Les paramètres n'ont pas pu être chargés.</Alert>}
      {data && <SettingsForm settings={data} />}
    </Stack>
  );
}
