/**
 * A new order: its type, the lodge, the year (and the instalment of a fee call), a quote or an invoice
 * draft; fee calls and rentals propose their lines from the server (members × fee, reservations × rate),
 * editable before saving.
 */
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { OrderCreateSchema } from '@union/contract';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/BackLink';
import { contractResolver, focusFirstInvalid, idOf } from '../../../components/forms/contract-form';
import { SubmitButton } from '../../../components/SubmitButton';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { masonicYearOf, preload, useBillableEntities, useCreateOrder } from '../api/orders';
import { OrderTargetFields, type NewOrderValues } from './OrderTargetFields';
import { ORDERS_PATH } from './dashboard/links';
import { LinesEditor, emptyLine, linesProblem, toEdited, toInput } from './LinesEditor';
import { useIsPhone } from '../../../components/useIsPhone';

// What the server receives: amounts in cents, the instalment of a fee call only.
const bodyOf = (values: NewOrderValues) => ({
  type: values.type,
  idEntite: idOf(values.idEntite),
  annee: Number(values.annee),
  tranche: values.type === 'A' ? values.tranche : null,
  objet: values.objet,
  devis: values.devis === 'devis',
  lignes: values.lignes.map(toInput),
});

export function NewOrderPage() {
  usePageTitle('Nouvelle pièce');
  const navigate = useNavigate();
  // The choices' long labels do not fit side by side on a phone: one under the other there.
  const phoneChoices = useIsPhone() ? ({ orientation: 'vertical', fullWidth: true } as const) : {};
  const entities = useBillableEntities();
  const create = useCreateOrder();
  const form = useForm<NewOrderValues>({
    initialValues: {
      type: 'S',
      idEntite: null,
      annee: String(masonicYearOf()),
      tranche: 'A',
      devis: 'devis',
      objet: '',
      lignes: [emptyLine()],
    },
    validate: contractResolver(OrderCreateSchema, bodyOf),
  });
  const { type, idEntite, annee, tranche, objet, lignes } = form.values;
  const [explication, setExplication] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const problem = !idEntite
    ? 'Choisissez la loge ou l’association.'
    : !objet.trim()
      ? "Indiquez l'objet de la pièce."
      : linesProblem(lignes);

  const propose = async () => {
    if (!idEntite) return;
    setLoading(true);
    try {
      const proposal = await preload({
        idEntite: Number(idEntite),
        type,
        annee: Number(annee),
        tranche: type === 'A' ? tranche : null,
      });
      form.setValues({
        objet: proposal.objet,
        lignes: proposal.lignes.length ? proposal.lignes.map(toEdited) : [emptyLine()],
      });
      setExplication(proposal.explication);
    } finally {
      setLoading(false);
    }
  };

  const submit = async (values: NewOrderValues) => {
    if (problem) return;
    const order = await create.mutateAsync(OrderCreateSchema.parse(bodyOf(values)));
    toast(
      'success',
      order.numeroDevis ? `Le devis ${order.numeroDevis} est créé.` : 'La facture en préparation est créée.',
    );
    await navigate(`../commandes/${order.id}`);
  };

  return (
    <Stack gap="lg" maw={960}>
      <BackLink to={ORDERS_PATH} parent="aux factures et devis" />
      <Title order={2}>Nouvelle pièce</Title>
      <Paper withBorder p="md">
        <form noValidate onSubmit={form.onSubmit((values) => void submit(values), focusFirstInvalid)}>
          <Stack>
            <OrderTargetFields
              form={form}
              phoneChoices={phoneChoices}
              entities={entities.data ?? []}
              onTypeChange={() => setExplication(null)}
            />
            {type !== 'S' && (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconWand size={18} />}
                  onClick={() => void propose()}
                  loading={loading}
                  disabled={!idEntite}
                  aria-describedby={!idEntite ? 'propose-hint' : undefined}
                >
                  {type === 'A' ? 'Calculer l’appel de cotisation' : 'Reprendre les réservations de l’année'}
                </Button>
                {!idEntite && (
                  <Text size="sm" c="dimmed" id="propose-hint">
                    Choisissez d'abord la loge ou l'association.
                  </Text>
                )}
              </Group>
            )}
            {explication && <Alert color="blue">{explication}</Alert>}
            <div>
              <Text fw={500} size="sm" mb={4} id="devis-label">
                Document
              </Text>
              <SegmentedControl
                aria-labelledby="devis-label"
                {...phoneChoices}
                {...form.getInputProps('devis')}
                data={[
                  { value: 'devis', label: 'Un devis (numéroté dès sa création)' },
                  { value: 'facture', label: 'Une facture (numérotée à son émission)' },
                ]}
              />
            </div>
            <TextInput label="Objet" {...form.getInputProps('objet')} maxLength={200} required />
            <LinesEditor form={form} />
            <Group justify="flex-end">
              <SubmitButton loading={create.isPending} disabledReason={problem}>
                Créer
              </SubmitButton>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
