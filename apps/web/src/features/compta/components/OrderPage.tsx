/**
 * One order: its lines (editable while it is a quote or a draft), totals, payments, reminders, history,
 * its PDFs, and exactly the buttons of the actions the server allows now (never recomputed here).
 */
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
  VisuallyHidden,
  NumberInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  Instalment,
  OrderAction,
  OrderChangeSchema,
  OrderType,
  PaymentMode,
  type OrderChangeAction,
  type OrderDetail,
} from '@union/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { openDialog } from '../../../components/dialog';
import { useContractCheck } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { eurosToCents, formatCents, formatDateTime, formatDay } from '../../../lib/format';
import { documentBlob, downloadDocument, useChangeOrder, useOrder, type DocumentKind } from '../api/orders';
import { LinesEditor, linesProblem, toEdited, toInput, type EditedLine } from './LinesEditor';
import { OrderStateBadge } from './OrderStateBadge';
import { orderNumber } from './shared';
import { ScrollTable } from '../../../components/ScrollTable';

/** What each action did, said once it is done. */
const DONE: Record<OrderChangeAction, string> = {
  EDIT_DEVIS: 'Le devis est modifié.',
  SEND_DEVIS: 'Le devis est envoyé par e-mail.',
  DEVIS_SENT: 'Le devis est marqué comme envoyé.',
  DEVIS_REFUSED: 'Le devis est marqué comme refusé.',
  DEVIS_CANCELLED: 'Le devis est annulé.',
  TRANSFORM_DEVIS: 'Le devis est transformé en facture en préparation.',
  EDIT_FACTURE: 'La facture est modifiée.',
  SEND_FACTURE: 'La facture est émise et envoyée par e-mail.',
  FACTURE_SENT: 'La facture est émise.',
  FACTURE_CANCELLED: 'La facture est annulée.',
  FACTURE_PAID: 'La facture est soldée.',
  RELANCE_FACTURE: 'La relance est envoyée par e-mail.',
  EDIT_PAYMENT: 'Le paiement est enregistré.',
};

/** The question asked before each action that is not a form. */
const CONFIRM: Partial<Record<OrderChangeAction, string>> = {
  SEND_DEVIS: 'Le devis sera envoyé en PDF à l’adresse de facturation de la loge.',
  DEVIS_SENT: 'Le devis sera marqué comme envoyé, sans e-mail.',
  TRANSFORM_DEVIS: 'Le devis deviendra une facture en préparation, à vérifier avant de l’émettre.',
  SEND_FACTURE:
    'La facture recevra son numéro définitif et sera envoyée en PDF à l’adresse de facturation. Elle ne pourra plus être modifiée.',
  FACTURE_SENT: 'La facture recevra son numéro définitif, sans e-mail. Elle ne pourra plus être modifiée.',
  RELANCE_FACTURE: 'Une relance (courrier PDF et facture) sera envoyée à l’adresse de facturation.',
};

/** Actions that ask a reason (optional) in a small form. */
const WITH_REASON: OrderChangeAction[] = ['DEVIS_REFUSED', 'DEVIS_CANCELLED', 'FACTURE_CANCELLED'];
/** Actions handled elsewhere on the page (editors, payment form, downloads). */
const NOT_BUTTONS: string[] = [
  'READ',
  'EDIT_DEVIS',
  'EDIT_FACTURE',
  'EDIT_PAYMENT',
  'DOWNLOAD_DEVIS',
  'DOWNLOAD_FACTURE',
];

export function OrderPage() {
  const id = Number(useParams().orderId);
  const { data: order, isPending, isError } = useOrder(id);
  usePageTitle(order ? orderNumber(order) : 'Commande');
  if (isPending) return <Loader aria-label="Chargement de la commande" />;
  if (isError || !order) return <Alert color="red">La commande n'a pas pu être chargée.</Alert>;
  return <OrderView order={order} />;
}

function OrderView({ order }: { order: OrderDetail }) {
  const change = useChangeOrder();
  const [editing, setEditing] = useState<EditedLine[] | null>(null);
  const [objet, setObjet] = useState(order.objet);
  const [reasonFor, setReasonFor] = useState<OrderChangeAction | null>(null);
  const [paying, setPaying] = useState<'EDIT_PAYMENT' | 'FACTURE_PAID' | null>(null);
  const [preview, setPreview] = useState<{ kind: DocumentKind; url: string } | null>(null);
  const editAction = order.actions.find(
    (a): a is 'EDIT_DEVIS' | 'EDIT_FACTURE' => a === 'EDIT_DEVIS' || a === 'EDIT_FACTURE',
  );
  const reste = order.total - order.paye;

  const run = async (action: OrderChangeAction, body: Record<string, unknown> = {}) => {
    await change.mutateAsync({ action, id: order.id, ...body });
    toast('success', DONE[action]);
  };

  const onAction = async (action: OrderChangeAction) => {
    if (WITH_REASON.includes(action)) return setReasonFor(action);
    if (action === 'FACTURE_PAID' && reste > 0) return setPaying('FACTURE_PAID');
    const question = CONFIRM[action];
    if (question) {
      const answer = await openDialog({
        type: 'question',
        title: OrderAction.labels[action],
        text: question,
      });
      if (answer !== 'ok') return;
    }
    await run(action);
  };

  const lineCheck = useContractCheck(['objet', 'lignes']);
  const saveLines = async () => {
    const body = lineCheck.check(OrderChangeSchema, {
      id: order.id,
      objet,
      lignes: editing!.map(toInput),
    });
    if (!body) return;
    await run(editAction!, { objet: body.objet, lignes: body.lignes });
    setEditing(null);
  };

  const showPdf = async (kind: DocumentKind) => {
    const blob = await documentBlob(order.id, kind);
    setPreview({ kind, url: URL.createObjectURL(blob) });
  };
  const closePreview = () => {
    if (preview) URL.revokeObjectURL(preview.url);
    setPreview(null);
  };

  const documents: { kind: DocumentKind; label: string }[] = [
    ...(order.actions.includes('DOWNLOAD_DEVIS') ? [{ kind: 'devis' as const, label: 'Devis' }] : []),
    ...(order.actions.includes('DOWNLOAD_FACTURE')
      ? [{ kind: 'facture' as const, label: order.numeroFacture ? 'Facture' : 'Facture (brouillon)' }]
      : []),
    ...(order.numeroAvoir ? [{ kind: 'avoir' as const, label: 'Avoir' }] : []),
    ...(order.relances.length ? [{ kind: 'relance' as const, label: 'Dernière relance' }] : []),
  ];
  const editLinesProblem = editing
    ? objet.trim()
      ? linesProblem(editing)
      : "Indiquez l'objet de la commande."
    : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={4}>
          <Title order={2}>{orderNumber(order)}</Title>
          <Group gap="sm">
            <OrderStateBadge etat={order.etat} enRetard={order.enRetard} />
            <Text>
              {OrderType.labels[order.type]}
              {order.tranche ? ` · ${Instalment.labels[order.tranche]}` : ''} · {order.annee}-
              {order.annee + 1}
            </Text>
          </Group>
        </Stack>
        <Button component={Link} to="../.." relative="path" variant="default">
          Retour à la liste
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md">
          <Text fw={700}>{order.entite.nom}</Text>
          <Text>{order.objet}</Text>
          {order.motifAnnulation && <Text size="sm">Motif : {order.motifAnnulation}</Text>}
        </Paper>
        <Paper withBorder p="md">
          {order.numeroDevis && (
            <Text size="sm">
              Devis {order.numeroDevis} du {formatDay(order.dateDevis)}
            </Text>
          )}
          {order.numeroFacture && (
            <Text size="sm">
              Facture {order.numeroFacture} du {formatDay(order.dateFacture)}, échéance le{' '}
              <Text span c={order.enRetard ? 'red.9' : undefined} fw={order.enRetard ? 700 : undefined}>
                {formatDay(order.dateEcheance)}
              </Text>
            </Text>
          )}
          {order.numeroAvoir && (
            <Text size="sm">
              Avoir {order.numeroAvoir} du {formatDay(order.dateAvoir)}
            </Text>
          )}
          <Text mt="xs">
            Total : <strong>{formatCents(order.total)}</strong>
            {order.numeroFacture && (
              <>
                {' '}
                · Payé : {formatCents(order.paye)} · Reste :{' '}
                <Text span fw={700} c={order.enRetard ? 'red.9' : undefined}>
                  {formatCents(reste)}
                </Text>
              </>
            )}
          </Text>
        </Paper>
      </SimpleGrid>

      <Group gap="sm" wrap="wrap">
        {order.actions
          .filter((a): a is OrderChangeAction => !NOT_BUTTONS.includes(a))
          .map((action) => (
            <Button
              key={action}
              color={action.endsWith('CANCELLED') || action === 'DEVIS_REFUSED' ? 'red' : undefined}
              variant={action.endsWith('CANCELLED') || action === 'DEVIS_REFUSED' ? 'outline' : 'filled'}
              loading={change.isPending && change.variables?.action === action}
              // Long labels wrap on a phone instead of being cut.
              h="auto"
              py={8}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
              onClick={() => void onAction(action)}
            >
              {OrderAction.labels[action]}
            </Button>
          ))}
        {order.actions.includes('EDIT_PAYMENT') && (
          <Button variant="light" onClick={() => setPaying('EDIT_PAYMENT')}>
            {OrderAction.labels.EDIT_PAYMENT}
          </Button>
        )}
      </Group>

      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} size="h4">
            Lignes
          </Title>
          {editAction && !editing && (
            <Button variant="light" onClick={() => setEditing(order.lignes.map(toEdited))}>
              {OrderAction.labels[editAction]}
            </Button>
          )}
        </Group>
        {editing ? (
          <Stack>
            <TextInput
              label="Objet"
              value={objet}
              onChange={(e) => setObjet(e.currentTarget.value)}
              error={lineCheck.errors.objet}
              maxLength={200}
            />
            <LinesEditor lines={editing} onChange={setEditing} errors={lineCheck.errors} />
            <Group justify="flex-end">
              {editLinesProblem && (
                <Text size="sm" c="dimmed" id="lines-hint">
                  {editLinesProblem}
                </Text>
              )}
              <Button variant="default" onClick={() => setEditing(null)}>
                Annuler
              </Button>
              <Button
                onClick={() => void saveLines()}
                disabled={!!editLinesProblem}
                aria-describedby={editLinesProblem ? 'lines-hint' : undefined}
                loading={change.isPending}
              >
                Enregistrer
              </Button>
            </Group>
          </Stack>
        ) : (
          <ScrollTable label="Lignes de la commande" minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Désignation</Table.Th>
                  <Table.Th ta="right">Quantité</Table.Th>
                  <Table.Th ta="right">Prix unitaire</Table.Th>
                  <Table.Th ta="right">Montant</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.lignes.map((l, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{l.libelle}</Table.Td>
                    <Table.Td ta="right">{l.quantite.toLocaleString('fr-FR')}</Table.Td>
                    <Table.Td ta="right">{formatCents(l.prixUnitaire)}</Table.Td>
                    <Table.Td ta="right">{formatCents(l.montant)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Paper>

      {documents.length > 0 && (
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            Documents
          </Title>
          <Group gap="sm" wrap="wrap">
            {documents.map((d) => (
              <Group key={d.kind} gap={4}>
                <Button variant="light" onClick={() => void showPdf(d.kind)}>
                  Aperçu : {d.label}
                </Button>
                <Button variant="subtle" onClick={() => void downloadDocument(order.id, d.kind)}>
                  Télécharger
                  <VisuallyHidden> {d.label}</VisuallyHidden>
                </Button>
              </Group>
            ))}
          </Group>
        </Paper>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            Paiements
          </Title>
          {order.paiements.length === 0 ? (
            <Text c="dimmed">Aucun paiement enregistré.</Text>
          ) : (
            <Stack gap={4}>
              {order.paiements.map((p) => (
                <Text key={p.id} size="sm">
                  {formatDay(p.date)} · {PaymentMode.labels[p.mode]}
                  {p.reference ? ` (${p.reference})` : ''} · <strong>{formatCents(p.montant)}</strong>
                </Text>
              ))}
            </Stack>
          )}
          {order.relances.length > 0 && (
            <>
              <Title order={4} size="h5" mt="md" mb={4}>
                Relances
              </Title>
              {order.relances.map((r, i) => (
                <Text key={i} size="sm">
                  Niveau {r.niveau} le {formatDay(r.date)}
                  {r.auteur ? ` par ${r.auteur}` : ''}
                </Text>
              ))}
            </>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            Historique
          </Title>
          <Timeline bulletSize={12} lineWidth={2}>
            {order.historique.map((h, i) => (
              <Timeline.Item key={i} title={h.libelle}>
                <Text size="sm" c="dimmed">
                  {formatDateTime(h.date)}
                  {h.auteur ? ` · ${h.auteur}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
      </SimpleGrid>

      <ReasonModal
        action={reasonFor}
        onClose={() => setReasonFor(null)}
        onConfirm={async (motif) => {
          await run(reasonFor!, motif ? { motif } : {});
          setReasonFor(null);
        }}
      />
      <PaymentModal
        // A fresh form each time it opens: the amount proposed is what remains now.
        key={`${paying}-${reste}`}
        action={paying}
        reste={reste}
        onClose={() => setPaying(null)}
        onConfirm={async (paiement) => {
          await run(paying!, { paiement });
          setPaying(null);
        }}
      />
      <Modal opened={!!preview} onClose={closePreview} title="Aperçu du document" size="xl" centered>
        {preview && (
          <iframe
            src={preview.url}
            title={`Aperçu du document (${preview.kind})`}
            style={{ width: '100%', height: '75vh', border: 0 }}
          />
        )}
      </Modal>
    </Stack>
  );
}

function ReasonModal({
  action,
  onClose,
  onConfirm,
}: {
  action: OrderChangeAction | null;
  onClose: () => void;
  onConfirm: (motif: string) => Promise<void>;
}) {
  const [motif, setMotif] = useState('');
  return (
    <Modal opened={!!action} onClose={onClose} title={action ? OrderAction.labels[action] : ''} centered>
      <Stack>
        {action === 'FACTURE_CANCELLED' && (
          <Text size="sm">
            Une facture émise est annulée par un avoir numéroté qui la rembourse en entier ; une facture en
            préparation est simplement abandonnée.
          </Text>
        )}
        <TextInput
          label="Motif (facultatif)"
          value={motif}
          onChange={(e) => setMotif(e.currentTarget.value)}
          maxLength={500}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button color="red" onClick={() => void onConfirm(motif.trim())}>
            Confirmer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The payment part of PUT /api/compta/commande, as the contract checks it. */
const PaymentBodySchema = OrderChangeSchema.pick({ paiement: true });

function PaymentModal({
  action,
  reste,
  onClose,
  onConfirm,
}: {
  action: 'EDIT_PAYMENT' | 'FACTURE_PAID' | null;
  reste: number;
  onClose: () => void;
  onConfirm: (paiement: {
    mode: 'C' | 'V';
    date: string;
    reference: string | null;
    montant: number;
  }) => Promise<void>;
}) {
  const [mode, setMode] = useState<'C' | 'V'>('C');
  const [date, setDate] = useState<string | null>(dayjs().format('YYYY-MM-DD'));
  const [reference, setReference] = useState('');
  const [montant, setMontant] = useState<number | string>(reste / 100);
  const cents = eurosToCents(montant);
  const { errors, check } = useContractCheck(['mode', 'date', 'reference', 'montant'], { paiement: '' });
  const confirm = () => {
    const body = check(PaymentBodySchema, {
      paiement: { mode, date: date ?? undefined, reference: reference.trim() || null, montant: cents },
    });
    if (body?.paiement) void onConfirm({ ...body.paiement, reference: body.paiement.reference ?? null });
  };
  const problem = !date
    ? 'Indiquez la date du paiement.'
    : !(cents > 0)
      ? 'Le montant doit être positif.'
      : cents > reste
        ? `Le montant dépasse le reste à payer (${formatCents(reste)}).`
        : action === 'FACTURE_PAID' && cents !== reste
          ? `Pour solder la facture, le paiement doit couvrir le reste à payer (${formatCents(reste)}).`
          : null;
  return (
    <Modal opened={!!action} onClose={onClose} title={action ? OrderAction.labels[action] : ''} centered>
      <Stack>
        <Text size="sm">Reste à payer : {formatCents(reste)}</Text>
        <Select
          label="Mode de paiement"
          data={PaymentMode.codes.map((c) => ({ value: c, label: PaymentMode.labels[c] }))}
          value={mode}
          onChange={(v) => v && setMode(v as 'C' | 'V')}
          error={errors.mode}
          allowDeselect={false}
        />
        <DatePickerInput
          label="Date du paiement"
          value={date}
          onChange={(v) => setDate(v ? dayjs(v).format('YYYY-MM-DD') : null)}
          error={errors.date}
          valueFormat="D MMMM YYYY"
        />
        <TextInput
          label={mode === 'C' ? 'Numéro du chèque' : 'Référence du virement'}
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          error={errors.reference}
          maxLength={100}
        />
        <NumberInput
          label="Montant (€)"
          value={montant}
          onChange={setMontant}
          error={errors.montant}
          decimalScale={2}
          decimalSeparator=","
          thousandSeparator=" "
          min={0.01}
        />
        <Group justify="flex-end">
          {problem && (
            <Text size="sm" c="dimmed" id="payment-hint">
              {problem}
            </Text>
          )}
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button
            disabled={!!problem}
            aria-describedby={problem ? 'payment-hint' : undefined}
            onClick={confirm}
          >
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
