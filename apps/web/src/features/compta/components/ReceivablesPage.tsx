/**
 * The treasurer's view of what the lodges owe (issue 20): aged receivables by days past due, on screen
 * and in Excel, and the FEC export of a period for the Union's bookkeeper.
 */
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import {
  AGED_BUCKET_LABELS,
  OrderState,
  parisDay,
  type AgedBuckets,
  type AgedReceivables,
  type UnappliedOnlinePayment,
} from '@union/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatCents } from '../../../lib/format';
import { formatDay } from '../../../lib/dates';
import {
  exportAgedReceivables,
  exportFec,
  useAgedReceivables,
  useSettleOnline,
  useUnappliedOnline,
} from '../api/receivables';
import { openDialog } from '../../../components/dialog';
import { useHabilitation } from '../../../lib/session';
import { AccountTable, type Column } from './AccountTable';
import { ComptaNav } from './ComptaNav';
import { ORDERS_PATH } from './dashboard/links';
import { PeriodFields } from './PaymentFields';

function FecForm() {
  const today = parisDay();
  const [period, setPeriod] = useState({ du: `${today.slice(0, 4)}-01-01`, au: today });
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const name = await exportFec(period.du, period.au);
      toast('success', `Fichier ${name} téléchargé.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md">
      <Title order={3} fz="h4" mb="xs">
        Fichier des écritures comptables (FEC)
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Les ventes et les encaissements de l’Union sur la période, au format légal, pour l’expert-comptable.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PeriodFields value={period} onChange={setPeriod} />
        <Button
          leftSection={<IconFileText size={18} aria-hidden />}
          loading={busy}
          onClick={() => void download()}
        >
          Exporter le FEC
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Card payments the bank took when the invoice no longer owed them (cancelled, or paid otherwise
 * meanwhile): kept as the lodge's credit (then used or refunded from its account), or refunded to the
 * card from the bank's back office and marked so here.
 */
function UnappliedOnline() {
  const { data } = useUnappliedOnline();
  const settle = useSettleOnline();
  const mayWrite = useHabilitation('COMPTA_SAISIE');
  if (!data || data.length === 0) return null;
  const act = async (p: UnappliedOnlinePayment, action: 'CREDIT' | 'REFUNDED') => {
    // The entity's name in quotes: « au crédit de Les Amis… » would not read as French.
    const account = `du compte « ${p.entite.nom} »`;
    const answer = await openDialog({
      type: 'question',
      title: 'Régulariser le paiement par carte',
      text:
        action === 'CREDIT'
          ? `Porter ${formatCents(p.montant)} au crédit ${account} ? Le crédit s’imputera ensuite sur une facture ou se remboursera depuis le compte de la loge.`
          : `Le paiement de ${formatCents(p.montant)} (transaction ${p.transaction}) a-t-il été remboursé sur la carte depuis l’espace de la banque ? Rien n’entre alors dans les comptes.`,
      okLabel:
        action === 'CREDIT' ? `Porter ${formatCents(p.montant)} au crédit` : 'Noter remboursé sur la carte',
    });
    if (answer !== 'ok') return;
    await settle.mutateAsync({ id: p.id, action });
    toast(
      'success',
      action === 'CREDIT'
        ? `${formatCents(p.montant)} portés au crédit ${account}.`
        : `Le paiement de ${formatCents(p.montant)} est noté remboursé sur la carte.`,
    );
  };
  const columns: Column<UnappliedOnlinePayment>[] = [
    { header: 'Loge ou association', cell: (p) => p.entite.nom },
    {
      header: 'Facture',
      cell: (p) => (
        <>
          <Anchor component={Link} to={`${ORDERS_PATH}/${p.idCommande}`}>
            {p.numeroFacture ?? `n° ${p.idCommande}`}
          </Anchor>{' '}
          ({OrderState.labels[p.etatFacture].toLowerCase()})
        </>
      ),
    },
    { header: 'Reçu le', cell: (p) => formatDay(p.date) },
    { header: 'Transaction', cell: (p) => p.transaction },
    { header: 'Montant', right: true, cell: (p) => formatCents(p.montant) },
  ];
  if (mayWrite)
    columns.push({
      header: 'Régulariser',
      cell: (p) => (
        <Group gap={4} wrap="wrap">
          <Button size="compact-sm" variant="light" onClick={() => void act(p, 'CREDIT')}>
            Porter au crédit de la loge
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => void act(p, 'REFUNDED')}>
            Remboursé sur la carte
          </Button>
        </Group>
      ),
    });
  return (
    <AccountTable<UnappliedOnlinePayment>
      title="Paiements par carte à régulariser"
      description="La banque a encaissé ces paiements alors que la facture n’avait plus rien à payer (annulée, ou réglée autrement entre-temps)."
      empty="Aucun paiement par carte à régulariser."
      rows={data}
      rowKey={(p) => p.id}
      minWidth={820}
      columns={columns}
    />
  );
}

const BUCKETS = ['nonEchu', 'j0a30', 'j31a60', 'j61a90', 'plus90'] as const;

type AgedLine = AgedReceivables['lignes'][number];

/** Per entity, what remains due by days past the due date, and the totals in the footer. */
function AgedTable({ date, lignes, totaux }: { date: string; lignes: AgedLine[]; totaux: AgedBuckets }) {
  const amount = (cents: number) => (cents ? formatCents(cents) : '—');
  return (
    <AccountTable<AgedLine>
      title="Reste dû par loge ou association"
      description={`Reste dû sur les factures émises, par jours de retard après l’échéance, au ${formatDay(date)}.`}
      empty="Aucune facture impayée : tout est réglé."
      label="Balance âgée par loge ou association"
      rows={lignes}
      rowKey={(l) => l.entite.id}
      minWidth={820}
      columns={[
        { header: 'Loge ou association', cell: (l) => l.entite.nom, footer: 'Total' },
        {
          header: 'Factures',
          right: true,
          cell: (l) => l.factures,
          footer: lignes.reduce((s, l) => s + l.factures, 0),
        },
        ...BUCKETS.map((k): Column<AgedLine> => ({
          header: AGED_BUCKET_LABELS[k],
          right: true,
          cell: (l) =>
            k === 'plus90' && l[k] > 0 ? (
              <Text span inherit c="red">
                {amount(l[k])}
              </Text>
            ) : (
              amount(l[k])
            ),
          footer: amount(totaux[k]),
        })),
        {
          header: 'Total dû',
          right: true,
          bold: true,
          cell: (l) => formatCents(l.total),
          footer: formatCents(totaux.total),
        },
      ]}
    />
  );
}

export function ReceivablesPage() {
  usePageTitle('Balance âgée');
  const { data, isPending, isError } = useAgedReceivables();
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Balance âgée</Title>
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          onClick={() => void exportAgedReceivables()}
        >
          Exporter (Excel)
        </Button>
      </Group>
      <ComptaNav />
      {isPending && <Loader aria-label="Chargement de la balance âgée" />}
      {isError && <Alert color="red">La balance âgée n’a pas pu être chargée.</Alert>}
      {data && <AgedTable date={data.date} lignes={data.lignes} totaux={data.totaux} />}
      <UnappliedOnline />
      <FecForm />
    </Stack>
  );
}
