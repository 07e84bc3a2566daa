/** The sections of the Union's settings form, each a card over the one form (`settings-form.ts`). */
import {
  Card,
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
import type { UseFormReturnType } from '@mantine/form';
import { EntityType, TVA_MENTIONS } from '@union/contract';
import { EurosInput } from '../../../components/EurosInput';
import type { SettingsValues } from './settings-form';

type Form = { form: UseFormReturnType<SettingsValues> };

/** The legal identity printed on quotes and invoices. */
export function IdentitySettings({ form }: Form) {
  return (
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
  );
}

/** The VAT mention: one of the two usual ones, or another typed. */
export function VatSettings({ form }: Form) {
  const custom = !(TVA_MENTIONS as readonly string[]).includes(form.values.mentionTva);
  return (
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
  );
}

/** The yearly fee per member for each entity type (fee calls). */
export function FeeSettings({ form }: Form) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={3} fz="lg">
          Cotisation annuelle par membre
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {EntityType.codes.map((code) => (
            <EurosInput
              key={code}
              label={EntityType.labels[code]}
              {...form.getInputProps(`cotisations.${code}`)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The booking rules of the rooms: notice and horizon. */
export function BookingSettings({ form }: Form) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={3} fz="lg">
          Réservation des salles
        </Title>
        <Text size="sm" c="dimmed">
          Le serveur refuse une demande faite trop tard ou trop loin ; le formulaire de réservation rappelle
          ces règles. Le secrétariat de l’Union n’est pas tenu par le délai de prévenance.
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
  );
}

/** The bank details printed on invoices and in their transfer QR code. */
export function BankSettings({ form }: Form) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={3} fz="lg">
          Coordonnées bancaires
        </Title>
        <Text size="sm" c="dimmed">
          Imprimées sur les factures et les relances avec la référence à indiquer (le numéro de facture), et
          dans le QR code de virement SEPA des factures.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="IBAN" autoComplete="off" {...form.getInputProps('banque.iban')} />
          <TextInput label="BIC" autoComplete="off" {...form.getInputProps('banque.bic')} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The reminders' delays and whether they leave by themselves. */
export function ReminderSettings({ form }: Form) {
  return (
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
  );
}
