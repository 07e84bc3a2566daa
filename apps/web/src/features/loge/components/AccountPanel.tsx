/**
 * The entity's account with the Union, for its officers (issue 20): what it owes, its invoices and
 * quotes with their PDFs and the online card payment of what remains, its fee calls by third, its
 * payments and reminders, and the statement of a period (PDF or Excel). The server decides everything
 * shown (`payable`, `documents`); the screen only lays it out.
 */
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import {
  Instalment,
  OrderType,
  RecordedPaymentMode,
  parisDay,
  yearLabel,
  type AccountCreditNote,
  type AccountDocument,
  type AccountDocumentKind,
  type AccountPayment,
  type AccountReminder,
  type EntitySummary,
} from '@union/contract';
import { useState } from 'react';
import { formatCents } from '../../../lib/format';
import { formatDay } from '../../../lib/dates';
import {
  AccountTable,
  LodgeDirectDebits,
  OrderStateBadge,
  PeriodFields,
  REMINDER_LEVELS,
} from '../../compta';
import {
  downloadAccountDocument,
  downloadCreditNote,
  downloadStatement,
  useEntityAccount,
  usePayOnline,
} from '../api/account';

const KIND_LABELS: Record<AccountDocumentKind, string> = {
  facture: 'Facture',
  avoir: 'Avoir',
  relance: 'Dernière relance',
  devis: 'Devis',
};

const numberOf = (d: AccountDocument) => d.numeroFacture ?? d.numeroDevis ?? '—';

function DocumentActions({ entityId, d }: { entityId: number; d: AccountDocument }) {
  const pay = usePayOnline(entityId);
  return (
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
  );
}

/** The first day of the current year, and today: the statement's default period. */
function defaultPeriod() {
  const today = parisDay();
  return { du: `${today.slice(0, 4)}-01-01`, au: today };
}

/** The statement comes as a PDF to read or an Excel workbook to work on; one button each. */
const STATEMENT_FORMATS = [
  { format: 'pdf', label: 'Relevé PDF', Icon: IconFileTypePdf },
  { format: 'xlsx', label: 'Relevé Excel', Icon: IconFileSpreadsheet },
] as const;

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
        <PeriodFields value={period} onChange={setPeriod} />
        {STATEMENT_FORMATS.map(({ format, label, Icon }) => (
          <Button
            key={format}
            variant="light"
            leftSection={<Icon size={18} aria-hidden />}
            loading={busy === format}
            onClick={() => void download(format)}
          >
            {label}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}

function Figure({ label, value, alert = false }: { label: string; value: string; alert?: boolean }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} c={alert ? 'red' : undefined}>
        {value}
      </Text>
    </Paper>
  );
}

/** The balance in words: owed to the Union, or in the entity's favour (a credit to use or be refunded). */
const balanceLabel = (solde: number) =>
  solde > 0
    ? `${formatCents(solde)} dus à l’Union`
    : solde < 0
      ? `${formatCents(-solde)} en votre faveur`
      : 'Compte soldé';

const PAYMENT_NATURE: Record<AccountPayment['nature'], string> = {
  E: 'Paiement reçu',
  C: 'Contre-passation',
  R: 'Remboursement à la loge',
};

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
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Figure label="Reste à payer sur les factures" value={formatCents(account.du)} />
        <Figure label="Dont échu" value={formatCents(account.echu)} alert={account.echu > 0} />
        <Figure label="Crédit de la loge (avoirs, trop-perçus)" value={formatCents(account.credit)} />
        <Figure label="Solde du compte" value={balanceLabel(account.solde)} />
      </SimpleGrid>
      {account.credit > 0 && (
        <Text size="sm">
          Votre crédit de {formatCents(account.credit)} sera imputé par le trésorier de l’Union sur vos
          prochaines factures, ou remboursé à votre demande.
        </Text>
      )}
      <LodgeDirectDebits entityId={entite.id} />

      <AccountTable<AccountDocument>
        title="Factures et devis"
        empty="Aucune facture ni aucun devis pour le moment."
        rows={account.documents}
        rowKey={(d) => d.id}
        minWidth={900}
        columns={[
          { header: 'Numéro', cell: numberOf, phoneRank: 1 },
          { header: 'Objet', cell: (d) => d.objet },
          { header: 'Date', cell: (d) => formatDay(d.dateFacture ?? d.dateDevis) },
          { header: 'Échéance', cell: (d) => formatDay(d.dateEcheance) },
          { header: 'Montant', right: true, cell: (d) => formatCents(d.total) },
          {
            header: 'Reste dû',
            right: true,
            cell: (d) => (d.reste > 0 ? formatCents(d.reste) : '—'),
            phoneRank: 2,
          },
          { header: 'État', cell: (d) => <OrderStateBadge etat={d.etat} enRetard={d.enRetard} /> },
          {
            header: 'Documents et paiement',
            cell: (d) => <DocumentActions entityId={entite.id} d={d} />,
            phoneRank: 3,
          },
        ]}
      />

      <AccountTable<AccountCreditNote>
        title="Avoirs"
        empty="Aucun avoir."
        rows={account.avoirs}
        rowKey={(n) => n.id}
        minWidth={640}
        columns={[
          { header: 'Numéro', cell: (n) => n.numero },
          { header: 'Date', cell: (n) => formatDay(n.date) },
          { header: 'Sur la facture', cell: (n) => n.numeroFacture ?? '—' },
          { header: 'Motif', cell: (n) => n.motif ?? '—' },
          { header: 'Montant', right: true, cell: (n) => formatCents(n.montant) },
          {
            header: 'Document',
            cell: (n) => (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => void downloadCreditNote(entite.id, n.id, n.numero)}
                aria-label={`Télécharger l’avoir ${n.numero}`}
              >
                Avoir
              </Button>
            ),
          },
        ]}
      />

      <AccountTable<AccountDocument>
        title="Appels de cotisation"
        empty="Aucun appel de cotisation émis."
        rows={calls}
        rowKey={(d) => d.id}
        minWidth={560}
        columns={[
          { header: 'Année', cell: (d) => yearLabel(d.annee) },
          {
            header: 'Tranche',
            cell: (d) => (d.tranche ? Instalment.labels[d.tranche] : OrderType.labels[d.type]),
          },
          { header: 'Facture', cell: (d) => d.numeroFacture, phoneRank: 1 },
          { header: 'Appelé', right: true, cell: (d) => formatCents(d.total) },
          { header: 'Réglé', right: true, cell: (d) => formatCents(d.paye) },
          { header: 'Reste dû', right: true, cell: (d) => formatCents(d.reste), phoneRank: 2 },
        ]}
      />

      <AccountTable<AccountPayment>
        title="Paiements"
        empty="Aucun paiement enregistré."
        rows={account.paiements}
        rowKey={(p) => p.id}
        minWidth={640}
        columns={[
          { header: 'Date', cell: (p) => formatDay(p.date) },
          { header: 'Mouvement', cell: (p) => PAYMENT_NATURE[p.nature] },
          // A payment over several invoices names each of them.
          { header: 'Factures', cell: (p) => p.factures.join(', ') || p.numeroFacture || '—' },
          { header: 'Mode', cell: (p) => RecordedPaymentMode.labels[p.mode] },
          { header: 'Référence', cell: (p) => p.reference ?? '—' },
          { header: 'Montant', right: true, cell: (p) => formatCents(p.montant) },
        ]}
      />

      <AccountTable<AccountReminder>
        title="Relances reçues"
        empty="Aucune relance."
        rows={account.relances}
        rowKey={(r) => `${r.idCommande}-${r.niveau}-${r.date}`}
        minWidth={560}
        columns={[
          { header: 'Date', cell: (r) => formatDay(r.date) },
          { header: 'Facture', cell: (r) => r.numeroFacture },
          { header: 'Lettre', cell: (r) => REMINDER_LEVELS[r.niveau] ?? `Relance de niveau ${r.niveau}` },
          {
            header: 'Document',
            cell: (r) => (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => void downloadAccountDocument(entite.id, r.idCommande, 'relance', r.niveau)}
                aria-label={`Télécharger la relance de niveau ${r.niveau} de la facture ${r.numeroFacture}`}
              >
                Lettre
              </Button>
            ),
          },
        ]}
      />

      <StatementForm entityId={entite.id} />
    </Stack>
  );
}
