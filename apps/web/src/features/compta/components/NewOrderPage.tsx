/**
 * A new order: its type, the lodge, the year (and the instalment of a fee call), a quote or an invoice
 * draft; fee calls and rentals propose their lines from the server (members × fee, reservations × rate),
 * editable before saving.
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { Instalment, OrderCreateSchema, OrderType } from '@union/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { idOf, useContractCheck } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { masonicYearOf, preload, useBillableEntities, useCreateOrder } from '../api/orders';
import { LinesEditor, emptyLine, linesProblem, toEdited, toInput, type EditedLine } from './LinesEditor';
import { options, yearOptions } from './shared';

export function NewOrderPage() {
  usePageTitle('Nouvelle commande');
  const navigate = useNavigate();
  const entities = useBillableEntities();
  const create = useCreateOrder();
  const [type, setType] = useState<OrderType>('S');
  const [idEntite, setIdEntite] = useState<string | null>(null);
  const [annee, setAnnee] = useState(String(masonicYearOf()));
  const [tranche, setTranche] = useState<Instalment>('A');
  const [devis, setDevis] = useState<'devis' | 'facture'>('devis');
  const [objet, setObjet] = useState('');
  const [lines, setLines] = useState<EditedLine[]>([emptyLine()]);
  const [explication, setExplication] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const problem = !idEntite
    ? 'Choisissez la loge ou l’association.'
    : !objet.trim()
      ? "Indiquez l'objet de la commande."
      : linesProblem(lines);

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
      setObjet(proposal.objet);
      setLines(proposal.lignes.length ? proposal.lignes.map(toEdited) : [emptyLine()]);
      setExplication(proposal.explication);
    } finally {
      setLoading(false);
    }
  };

  const { errors, check } = useContractCheck(['idEntite', 'annee', 'tranche', 'objet', 'lignes']);

  const submit = async () => {
    const body = check(OrderCreateSchema, {
      type,
      idEntite: idOf(idEntite),
      annee: Number(annee),
      tranche: type === 'A' ? tranche : null,
      objet,
      devis: devis === 'devis',
      lignes: lines.map(toInput),
    });
    if (!body) return;
    const order = await create.mutateAsync(body);
    toast(
      'success',
      order.numeroDevis ? `Le devis ${order.numeroDevis} est créé.` : 'La facture en préparation est créée.',
    );
    navigate(`../commandes/${order.id}`);
  };

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between">
        <Title order={2}>Nouvelle commande</Title>
        <Button component={Link} to=".." variant="default">
          Retour à la liste
        </Button>
      </Group>
      <Paper withBorder p="md">
        <Stack>
          <div>
            <Text fw={500} size="sm" mb={4} id="type-label">
              Type de commande
            </Text>
            <SegmentedControl
              aria-labelledby="type-label"
              value={type}
              onChange={(v) => {
                setType(v as OrderType);
                setExplication(null);
              }}
              data={options(OrderType.labels)}
            />
          </div>
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Loge ou association"
              placeholder="Choisissez…"
              data={(entities.data ?? []).map((e) => ({ value: String(e.id), label: e.nom }))}
              value={idEntite}
              onChange={setIdEntite}
              error={errors.idEntite}
              searchable
              allowDeselect={false}
              required
            />
            <Select
              label="Année"
              data={yearOptions()}
              value={annee}
              onChange={(v) => v && setAnnee(v)}
              error={errors.annee}
              allowDeselect={false}
            />
            {type === 'A' && (
              <Select
                label="Tranche"
                data={options(Instalment.labels)}
                value={tranche}
                onChange={(v) => v && setTranche(v as Instalment)}
                error={errors.tranche}
                allowDeselect={false}
              />
            )}
          </Group>
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
              value={devis}
              onChange={(v) => setDevis(v as typeof devis)}
              data={[
                { value: 'devis', label: 'Un devis (numéroté dès sa création)' },
                { value: 'facture', label: 'Une facture (numérotée à son émission)' },
              ]}
            />
          </div>
          <TextInput
            label="Objet"
            value={objet}
            onChange={(e) => setObjet(e.currentTarget.value)}
            error={errors.objet}
            maxLength={200}
            required
          />
          <LinesEditor lines={lines} onChange={setLines} errors={errors} />
          <Group justify="flex-end">
            {problem && (
              <Text size="sm" c="dimmed" id="create-hint">
                {problem}
              </Text>
            )}
            <Button
              onClick={() => void submit()}
              loading={create.isPending}
              disabled={!!problem}
              aria-describedby={problem ? 'create-hint' : undefined}
            >
              Créer
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
