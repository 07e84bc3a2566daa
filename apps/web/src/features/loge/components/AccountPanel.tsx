/**
 * The entity's account with the Union, for its officers (issue 20): what it owes, its invoices and
 * quotes with their PDFs and the online card payment of what remains, its fee calls by third, its
 * payments and reminders, and the statement of a period (PDF or Excel). The server decides everything
 * shown (`payable`, `documents`); the screen only lays it out.
 */
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCreditCard, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import {
  Instalment,
  OrderType,
  RecordedPaymentMode,
  parisDay,
  yearLabel,
  type AccountDocument,
  type AccountDocumentKind,
  type EntitySummary,
} from '@union/contract';
import { useState } from 'react';
import { ScrollTable } from '../../../components/ScrollTable';
import { formatCents, formatDay } from '../../../lib/format';
import { OrderStateBadge } from '../../compta';
import { downloadAccountDocument, downloadStatement, useEntityAccount, usePayOnline } from '../api/account';

const KIND_LABELS: Record<AccountDocumentKind, string> = {
  facture: 'Facture',
  avoir: 'Avoir',
  relance: 'Dernière relance',
  devis: 'Devis',
};

const numberOf = (d: AccountDocument) => d.numeroFacture ?? d.numeroDevis ?? '—';

function DocumentRow({ entityId, d }: { entityId: number; d: AccountDocument }) {
  const pay = usePayOnline(entityId);
  return (
    <Table.Tr>
      <Table.Td>{numberOf(d)}</Table.Td>
      <Table.Td>{d.objet}</Table.Td>
      <Table.Td>{formatDay(d.dateFacture ?? d.dateDevis)}</Table.Td>
      <Table.Td>{formatDay(d.dateEcheance)}</Table.Td>
      <Table.Td ta="right">{formatCents(d.total)}</Table.Td>
      <Table.Td ta="right">{d.reste > 0 ? formatCents(d.reste) : '—'}</Table.Td>
      <Table.Td>
        <OrderStateBadge etat={d.etat} enRetard={d.enRetard} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="wrap">
          {d.documents.map((kind) => (
            <Button
              key={kind}
              size="compact-sm"
              variant="subtle"
              onClick={() => void downloadAccountDocument(entityId, d.id, kind)}
              aria-label={`Télécharger ${KIND_LABELS[kind].toLowerCase()} ${numberOf(d)}`}
            >
              {KIND_LABELS[kind]}
            </Button>
          ))}
          {d.payable && (
            <Button
              size="compact-sm"
              leftSection={<IconCreditCard size={16} aria-hidden />}
              loading={pay.isPending}
              onClick={() => pay.mutate(d.id)}
              aria-label={`Payer par carte ${formatCents(d.reste)} de la facture ${numberOf(d)}`}
            >
              Payer par carte
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The first day of the current year, and today: the statement's default period. */
function defaultPeriod() {
  const today = parisDay();
  return { du: `${today.slice(0, 4)}-01-01`, au: today };
}

function StatementForm({ entityId }: { entityId: number }) {
  const [period, setPeriod] = useState(defaultPeriod);
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const download = async (format: 'pdf' | 'xlsx') => {
    setBusy(format);
    try {
      await downloadStatement(entityId, format, period.du, period.au);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder p="md">
      <Title order={3} fz="h4" mb="sm">
        Relevé de compte
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label="Du"
          value={period.du}
          onChange={(e) => setPeriod({ ...period, du: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="Au"
          value={period.au}
          onChange={(e) => setPeriod({ ...period, au: e.currentTarget.value })}
        />
        <Button
          variant="light"
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          loading={busy === 'pdf'}
          onClick={() => void download('pdf')}
        >
          Relevé PDF
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          loading={busy === 'xlsx'}
          onClick={() => void download('xlsx')}
        >
          Relevé Excel
        </Button>
      </Group>
    </Paper>
  );
}

export function AccountPanel({ entite, paiement }: { entite: EntitySummary; paiement: number | null }) {
  const { data: account, isPending } = useEntityAccount(entite.id);
  if (isPending) return <Loader aria-label="Chargement du compte" />;
  if (!account) return null;
  const calls = account.documents.filter((d) => d.type === 'A' && d.numeroFacture);
  return (
    <Stack gap="lg">
      {paiement !== null && (
        <Alert color="blue" title="Paiement par carte transmis">
          Votre paiement a été transmis à la banque. Il apparaît ci-dessous dès que la banque l’a confirmé ;
          rechargez la page dans quelques instants s’il n’y est pas encore.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            Reste à payer à l’Union
          </Text>
          <Text fz="xl" fw={700}>
            {formatCents(account.solde)}
          </Text>
        </Paper>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            Dont échu
          </Text>
          <Text fz="xl" fw={700} c={account.echu > 0 ? 'red.9' : undefined}>
            {formatCents(account.echu)}
          </Text>
        </Paper>
      </SimpleGrid>

      <Paper withBorder p="md">
        <Title order={3} fz="h4" mb="sm">
          Factures et devis
        </Title>
        {account.documents.length === 0 ? (
          <Text c="dimmed">Aucune facture ni aucun devis pour le moment.</Text>
        ) : (
          <ScrollTable label="Factures et devis" minWidth={900}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Numéro</Table.Th>
                  <Table.Th>Objet</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Échéance</Table.Th>
                  <Table.Th ta="right">Montant</Table.Th>
                  <Table.Th ta="right">Reste dû</Table.Th>
                  <Table.Th>État</Table.Th>
                  <Table.Th>Documents et paiement</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {account.documents.map((d) => (
                  <DocumentRow key={d.id} entityId={entite.id} d={d} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} fz="h4" mb="sm">
          Appels de cotisation
        </Title>
        {calls.length === 0 ? (
          <Text c="dimmed">Aucun appel de cotisation émis.</Text>
        ) : (
          <ScrollTable label="Appels de cotisation" minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Année</Table.Th>
                  <Table.Th>Tranche</Table.Th>
                  <Table.Th>Facture</Table.Th>
                  <Table.Th ta="right">Appelé</Table.Th>
                  <Table.Th ta="right">Payé</Table.Th>
                  <Table.Th ta="right">Reste dû</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {calls.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{yearLabel(d.annee)}</Table.Td>
                    <Table.Td>{d.tranche ? Instalment.labels[d.tranche] : OrderType.labels[d.type]}</Table.Td>
                    <Table.Td>{d.numeroFacture}</Table.Td>
                    <Table.Td ta="right">{formatCents(d.total)}</Table.Td>
                    <Table.Td ta="right">{formatCents(d.paye)}</Table.Td>
                    <Table.Td ta="right">{formatCents(d.reste)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} fz="h4" mb="sm">
          Paiements
        </Title>
        {account.paiements.length === 0 ? (
          <Text c="dimmed">Aucun paiement enregistré.</Text>
        ) : (
          <ScrollTable label="Paiements" minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Facture</Table.Th>
                  <Table.Th>Mode</Table.Th>
                  <Table.Th>Référence</Table.Th>
                  <Table.Th ta="right">Montant</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {account.paiements.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{formatDay(p.date)}</Table.Td>
                    <Table.Td>{p.numeroFacture ?? '—'}</Table.Td>
                    <Table.Td>{RecordedPaymentMode.labels[p.mode]}</Table.Td>
                    <Table.Td>{p.reference ?? '—'}</Table.Td>
                    <Table.Td ta="right">{formatCents(p.montant)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} fz="h4" mb="sm">
          Relances reçues
        </Title>
        {account.relances.length === 0 ? (
          <Text c="dimmed">Aucune relance.</Text>
        ) : (
          <Stack gap={4}>
            {account.relances.map((r) => (
              <Group key={`${r.idCommande}-${r.niveau}-${r.date}`} gap="sm" wrap="wrap">
                <Text>
                  {formatDay(r.date)} · facture {r.numeroFacture} · niveau {r.niveau}
                </Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => void downloadAccountDocument(entite.id, r.idCommande, 'relance', r.niveau)}
                  aria-label={`Télécharger la relance de niveau ${r.niveau} de la facture ${r.numeroFacture}`}
                >
                  Lettre
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>

      <StatementForm entityId={entite.id} />
    </Stack>
  );
}
