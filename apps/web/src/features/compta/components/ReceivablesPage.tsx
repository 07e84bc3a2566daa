/**
 * The treasurer's view of what the lodges owe (issue 20): aged receivables by days past due, on screen
 * and in Excel, and the FEC export of a period for the Union's bookkeeper.
 */
import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { AGED_BUCKET_LABELS, parisDay, type AgedBuckets } from '@union/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/ScrollTable';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatCents, formatDay } from '../../../lib/format';
import {
  exportAgedReceivables,
  exportFec,
  useAgedReceivables,
  useSettleOnline,
  useUnappliedOnline,
} from '../api/receivables';
import { openDialog } from '../../../components/dialog';
import { useHabilitation } from '../../../lib/session';
import { OrderState, type UnappliedOnlinePayment } from '@union/contract';
import { PeriodFields } from './PaymentFields';

const BUCKETS = ['nonEchu', 'j0a30', 'j31a60', 'j61a90', 'plus90'] as const;

function Amounts({ b, bold = false }: { b: AgedBuckets; bold?: boolean }) {
  return (
    <>
      {BUCKETS.map((k) => (
        <Table.Td
          key={k}
          ta="right"
          fw={bold ? 700 : undefined}
          c={k === 'plus90' && b[k] > 0 ? 'red.9' : undefined}
        >
          {b[k] ? formatCents(b[k]) : '—'}
        </Table.Td>
      ))}
      <Table.Td ta="right" fw={700}>
        {formatCents(b.total)}
      </Table.Td>
    </>
  );
}

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
    const what =
      action === 'CREDIT'
        ? `Porter ${formatCents(p.montant)} au crédit de ${p.entite.nom} ? Le crédit s’imputera ensuite sur une facture ou se remboursera depuis le compte de la loge.`
        : `Le paiement de ${formatCents(p.montant)} (transaction ${p.transaction}) a-t-il été remboursé sur la carte depuis l’espace de la banque ? Rien n’entre alors dans les comptes.`;
    const answer = await openDialog({
      type: 'question',
      title: 'Régulariser le paiement par carte',
      text: what,
      okLabel: action === 'CREDIT' ? 'Porter au crédit' : 'Oui, remboursé sur la carte',
    });
    if (answer !== 'ok') return;
    await settle.mutateAsync({ id: p.id, action });
    toast(
      'success',
      action === 'CREDIT'
        ? `${formatCents(p.montant)} portés au crédit de ${p.entite.nom}.`
        : 'Le paiement est noté remboursé sur la carte.',
    );
  };
  return (
    <Paper withBorder p="md">
      <Title order={3} fz="h4" mb="xs">
        Paiements par carte à régulariser
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        La banque a encaissé ces paiements alors que la facture n’avait plus rien à payer (annulée, ou réglée
        autrement entre-temps).
      </Text>
      <ScrollTable label="Paiements par carte à régulariser" minWidth={820}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Loge ou association</Table.Th>
              <Table.Th>Facture</Table.Th>
              <Table.Th>Reçu le</Table.Th>
              <Table.Th>Transaction</Table.Th>
              <Table.Th ta="right">Montant</Table.Th>
              {mayWrite && <Table.Th>Régulariser</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.entite.nom}</Table.Td>
                <Table.Td>
                  <Link to={`../commandes/${p.idCommande}`} relative="path">
                    {p.numeroFacture ?? `n° ${p.idCommande}`}
                  </Link>{' '}
                  ({OrderState.labels[p.etatFacture].toLowerCase()})
                </Table.Td>
                <Table.Td>{formatDay(p.date)}</Table.Td>
                <Table.Td>{p.transaction}</Table.Td>
                <Table.Td ta="right">{formatCents(p.montant)}</Table.Td>
                {mayWrite && (
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      <Button size="compact-sm" variant="light" onClick={() => void act(p, 'CREDIT')}>
                        Porter au crédit de la loge
                      </Button>
                      <Button size="compact-sm" variant="subtle" onClick={() => void act(p, 'REFUNDED')}>
                        Remboursé sur la carte
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}

export function ReceivablesPage() {
  usePageTitle('Balance âgée');
  const { data, isPending, isError } = useAgedReceivables();
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Balance âgée</Title>
        <Group gap="sm">
          <Button component={Link} to=".." relative="path" variant="subtle">
            Retour aux commandes
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            onClick={() => void exportAgedReceivables()}
          >
            Exporter (Excel)
          </Button>
        </Group>
      </Group>
      {isPending && <Loader aria-label="Chargement de la balance âgée" />}
      {isError && <Alert color="red">La balance âgée n’a pas pu être chargée.</Alert>}
      {data && (
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed" mb="sm">
            Reste dû sur les factures émises, par jours de retard après l’échéance, au {formatDay(data.date)}.
          </Text>
          {data.lignes.length === 0 ? (
            <Text>Aucune facture impayée : tout est réglé.</Text>
          ) : (
            <ScrollTable label="Balance âgée par loge ou association" minWidth={820}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Loge ou association</Table.Th>
                    <Table.Th ta="right">Factures</Table.Th>
                    {BUCKETS.map((k) => (
                      <Table.Th key={k} ta="right">
                        {AGED_BUCKET_LABELS[k]}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right">Total dû</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.lignes.map((l) => (
                    <Table.Tr key={l.entite.id}>
                      <Table.Td>{l.entite.nom}</Table.Td>
                      <Table.Td ta="right">{l.factures}</Table.Td>
                      <Amounts b={l} />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>Total</Table.Th>
                    <Table.Td ta="right">{data.lignes.reduce((s, l) => s + l.factures, 0)}</Table.Td>
                    <Amounts b={data.totaux} bold />
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </ScrollTable>
          )}
        </Paper>
      )}
      <UnappliedOnline />
      <FecForm />
    </Stack>
  );
}
