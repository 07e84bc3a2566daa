/**
 * The Union's settings: its legal identity printed on quotes and invoices, the VAT mention, and the
 * yearly fee per member for each entity type (fee calls), the booking rules of the rooms, and the rule of
 * who must have a second factor (its own form: SecondFactorRuleCard), the books' first year and chart of
 * accounts (BookkeepingSettings).
 */
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { EntityType, TVA_MENTIONS, UnionSettingsInputSchema, type UnionSettings } from '@union/contract';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { useSaveUnionSettings, useUnionSettings } from '../api/settings';
import { BookkeepingSettings, type BookkeepingValues } from './BookkeepingSettings';
import { SecondFactorRuleCard } from './SecondFactorRuleCard';
import { eurosToCents } from '../../../lib/format';

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
  /** The notice as typed, in `uniteReservation` (hours or days); the horizon in months. */
  reservations: { preavisHeures: number | string; horizonMois: number | string };
  uniteReservation: 'heures' | 'jours';
  banque: { iban: string; bic: string };
  relances: {
    niveau1: number | string;
    niveau2: number | string;
    niveau3: number | string;
    ecart: number | string;
    automatique: boolean;
  };
  comptabilite: BookkeepingValues;
}

/** A notice of whole days is typed in days. */
const inDays = (hours: number) => hours > 0 && hours % 24 === 0;

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
  reservations: {
    preavisHeures: inDays(s.reservations.preavisHeures)
      ? s.reservations.preavisHeures / 24
      : s.reservations.preavisHeures,
    horizonMois: s.reservations.horizonMois,
  },
  uniteReservation: inDays(s.reservations.preavisHeures) ? 'jours' : 'heures',
  banque: { iban: s.banque.iban ?? '', bic: s.banque.bic ?? '' },
  relances: { ...s.relances },
  comptabilite: { premierExercice: s.comptabilite.premierExercice, comptes: s.comptabilite.comptes },
});

/** What a typed number becomes: a number when it is one, else as typed (the schema says why it is not). */
const numberOf = (v: number | string) => (v === '' ? v : Number(v));

/** What the server receives (fees in cents), checked with its own schema before sending. */
const bodyOf = (values: FormValues) => ({
  identite: {
    raisonSociale: values.raisonSociale,
    adresse: values.adresse,
    siret: values.siret.replace(/\s/g, ''),
    rna: values.rna,
    email: values.email,
    telephone: values.telephone,
  },
  mentionTva: values.mentionTva,
  cotisations: Object.fromEntries(EntityType.codes.map((c) => [c, eurosToCents(values.cotisations[c] || 0)])),
  reservations: {
    preavisHeures:
      values.uniteReservation === 'jours'
        ? Number(values.reservations.preavisHeures || 0) * 24
        : numberOf(values.reservations.preavisHeures || 0),
    horizonMois: numberOf(values.reservations.horizonMois),
  },
  banque: { iban: values.banque.iban, bic: values.banque.bic },
  relances: {
    niveau1: Number(values.relances.niveau1),
    niveau2: Number(values.relances.niveau2),
    niveau3: Number(values.relances.niveau3),
    ecart: Number(values.relances.ecart),
    automatique: values.relances.automatique,
  },
  comptabilite: {
    premierExercice: numberOf(values.comptabilite.premierExercice),
    comptes: values.comptabilite.comptes,
  },
});

function SettingsForm({ settings }: { settings: UnionSettings }) {
  const save = useSaveUnionSettings();
  const form = useForm<FormValues>({
    initialValues: valuesOf(settings),
    // The identity's fields are the form's top-level fields.
    validate: contractResolver(UnionSettingsInputSchema, bodyOf, { identite: '' }),
  });
  const custom = !(TVA_MENTIONS as readonly string[]).includes(form.values.mentionTva);

  function submit(values: FormValues) {
    const body = UnionSettingsInputSchema.parse(bodyOf(values));
    save.mutate(
      { ...body, banque: body.banque!, relances: body.relances!, comptabilite: body.comptabilite! },
      {
        onSuccess: () => toast('success', 'Paramètres enregistrés.'),
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate>
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
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              Réservation des salles
            </Title>
            <Text size="sm" c="dimmed">
              Le serveur refuse une demande faite trop tard ou trop loin ; le formulaire de réservation
              rappelle ces règles. Le secrétariat de l’Union n’est pas tenu par le délai de prévenance.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
              <NumberInput
                label="Délai de prévenance"
                description="0 : aucun délai"
                min={0}
                allowDecimal={false}
                {...form.getInputProps('reservations.preavisHeures')}
              />
              <Select
                label="Unité du délai"
                data={[
                  { value: 'heures', label: 'heures' },
                  { value: 'jours', label: 'jours' },
                ]}
                allowDeselect={false}
                {...form.getInputProps('uniteReservation')}
              />
              <NumberInput
                label="Réservation possible jusqu’à"
                description="en mois à l’avance (1 à 36)"
                min={1}
                max={36}
                allowDecimal={false}
                suffix=" mois"
                {...form.getInputProps('reservations.horizonMois')}
              />
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              Coordonnées bancaires
            </Title>
            <Text size="sm" c="dimmed">
              Imprimées sur les factures et les relances avec la référence à indiquer (le numéro de facture),
              et dans le QR code de virement SEPA des factures.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="IBAN" autoComplete="off" {...form.getInputProps('banque.iban')} />
              <TextInput label="BIC" autoComplete="off" {...form.getInputProps('banque.bic')} />
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              Relances des factures impayées
            </Title>
            <Text size="sm" c="dimmed">
              Nombre de jours après l’échéance à partir duquel chaque niveau est proposé dans Comptabilité ›
              Relances, et écart minimal entre deux relances d’une même facture.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              <NumberInput
                label="Rappel de paiement (jours)"
                min={1}
                max={365}
                allowDecimal={false}
                {...form.getInputProps('relances.niveau1')}
              />
              <NumberInput
                label="Deuxième relance (jours)"
                min={1}
                max={365}
                allowDecimal={false}
                {...form.getInputProps('relances.niveau2')}
              />
              <NumberInput
                label="Mise en demeure (jours)"
                min={1}
                max={365}
                allowDecimal={false}
                {...form.getInputProps('relances.niveau3')}
              />
              <NumberInput
                label="Écart entre deux relances (jours)"
                min={1}
                max={365}
                allowDecimal={false}
                {...form.getInputProps('relances.ecart')}
              />
            </SimpleGrid>
            <Switch
              label="Envoyer chaque jour les relances dues, automatiquement (à partir de 8 h)"
              {...form.getInputProps('relances.automatique', { type: 'checkbox' })}
            />
          </Stack>
        </Card>
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
  const { data, isPending, isError } = useUnionSettings();
  return (
    <Stack gap="lg">
      <Title order={2}>Paramètres de l'Union</Title>
      {isPending && <Loader aria-label="Chargement des paramètres" />}
      {isError && <Alert color="red">Les paramètres n'ont pas pu être chargés.</Alert>}
      {data && <SettingsForm settings={data} />}
      <SecondFactorRuleCard />
    </Stack>
  );
}
