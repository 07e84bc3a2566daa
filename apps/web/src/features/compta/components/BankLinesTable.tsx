/**
 * The lines of a bank statement (issue 34): each with its amount, its text and payer, and what it is
 * proposed to pay (an exact match or a suggestion), or what became of it; the treasurer confirms one
 * (the payment is recorded by transfer, dated the value date), corrects it (another lodge, other
 * invoices), gives it an account of the chart (« Imputer »: an expense) or sets it aside with a note.
 * A SEPA batch's credit is proposed against the batch (its debits become payments), a debit's return
 * (R-transaction) against the debit it names, with the bank's reason in French.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { BankLine, SepaLineProposal } from '@union/contract';
import { useState } from 'react';
import { toast } from '../../../components/toast';
import { formatDay } from '../../../lib/dates';
import { formatCents } from '../../../lib/format';
import { useConfirmLine, useConfirmSepaLine, useSettleCards } from '../api/bank';
import { AccountTable, type Column } from './AccountTable';
import { CorrectLineModal } from './CorrectLineModal';
import { IgnoreLineModal } from './IgnoreLineModal';
import { ImputeLineModal } from './ImputeLineModal';

/** The dialogs a line's buttons open. */
type Dialog = 'ignore' | 'impute' | 'correct';

/** A debit's return: the bank's reason, in French, and the debit it names. */
function Return({ line }: { line: BankLine }) {
  const r = line.retour;
  if (!r) return null;
  return (
    <Text size="sm" c="red.9">
      Prélèvement rejeté : {r.motif} ({r.code}){r.endToEndId ? `, ${r.endToEndId}` : ''}
    </Text>
  );
}

/** A batch collected or a debit returned: proposed while the line waits, recorded once confirmed. */
function SepaProposal({ line, p }: { line: BankLine; p: SepaLineProposal }) {
  const done = line.etat !== 'A_TRAITER';
  const collect = p.sens === 'ENCAISSEMENT';
  const label = done
    ? collect
      ? 'Lot de prélèvements encaissé'
      : 'Rejet enregistré, paiement contre-passé'
    : p.nature === 'exacte'
      ? 'Correspondance exacte'
      : 'Suggestion';
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Badge color={done ? 'green' : p.nature === 'exacte' ? 'teal' : 'orange'}>{label}</Badge>
        <Text size="sm" fw={600}>
          {collect ? `Lot ${p.reference}` : p.debits[0]?.entite}
        </Text>
      </Group>
      <Return line={line} />
      <Text size="sm">
        {collect
          ? `${p.debits.length} prélèvement${p.debits.length > 1 ? 's' : ''} du ${formatDay(p.datePrelevement)}`
          : `Facture ${p.debits[0]?.numeroFacture} (${formatCents(p.debits[0]?.montant ?? 0)})`}
      </Text>
      {p.rejetes.length > 0 && (
        <Text size="sm">
          Rejeté{p.rejetes.length > 1 ? 's' : ''} avant règlement :{' '}
          {p.rejetes.map((d) => `${d.numeroFacture} (${d.entite}, ${formatCents(d.montant)})`).join(', ')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {p.raison}
      </Text>
    </Stack>
  );
}

function Proposal({ line }: { line: BankLine }) {
  if (line.prelevement) return <SepaProposal line={line} p={line.prelevement} />;
  if (line.etat === 'RAPPROCHEE') return <Badge color="green">Paiement enregistré</Badge>;
  if (line.etat === 'IMPUTEE') return <Badge color="blue">Imputée au compte {line.compte}</Badge>;
  if (line.etat === 'IGNOREE')
    return (
      <Stack gap={2}>
        <Badge color="gray">Sans correspondance</Badge>
        <Text size="sm">{line.note}</Text>
      </Stack>
    );
  const card = line.reglementCarte;
  if (card)
    return (
      <Stack gap={2}>
        <Badge color="grape">Règlement des paiements par carte</Badge>
        <Text size="sm">
          {card.paiements.length} paiement{card.paiements.length > 1 ? 's' : ''} du{' '}
          {formatDay(card.paiements[0]!.date)}
          {card.paiements.at(-1)!.date !== card.paiements[0]!.date
            ? ` au ${formatDay(card.paiements.at(-1)!.date)}`
            : ''}{' '}
          : {formatCents(card.brut)}
        </Text>
        <Text size="xs" c="dimmed">
          Frais du prestataire : {formatCents(card.frais)}
        </Text>
      </Stack>
    );
  const p = line.proposition;
  if (!p)
    return (
      <Stack gap={2}>
        <Return line={line} />
        <Text size="sm" c="dimmed">
          {line.montant > 0 ? 'Aucune proposition' : 'Débit'}
        </Text>
      </Stack>
    );
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Badge color={p.nature === 'exacte' ? 'teal' : 'orange'}>
          {p.nature === 'exacte' ? 'Correspondance exacte' : 'Suggestion'}
        </Badge>
        <Text size="sm" fw={600}>
          {p.entite}
        </Text>
      </Group>
      <Text size="sm">
        {p.factures.map((f) => `${f.numeroFacture} (${formatCents(f.montant)})`).join(', ')}
      </Text>
      <Text size="xs" c="dimmed">
        {p.raison}
      </Text>
    </Stack>
  );
}

function Actions({ line, onOpen }: { line: BankLine; onOpen: (line: BankLine, dialog: Dialog) => void }) {
  const confirm = useConfirmLine();
  const settle = useSettleCards();
  const sepa = useConfirmSepaLine();
  if (line.etat !== 'A_TRAITER') return null;
  const p = line.proposition;
  const card = line.reglementCarte;
  const debit = line.prelevement;
  const run = () =>
    debit
      ? sepa.mutate(
          {
            line,
            body: debit.rejetes.length
              ? { idLot: debit.idLot, rejetes: debit.rejetes.map((d) => d.idCommande) }
              : { idLot: debit.idLot },
          },
          {
            onSuccess: () =>
              toast(
                'success',
                debit.sens === 'ENCAISSEMENT'
                  ? `Lot ${debit.reference} encaissé : ${debit.debits.length} paiement${debit.debits.length > 1 ? 's' : ''} enregistré${debit.debits.length > 1 ? 's' : ''}.`
                  : `Rejet enregistré : la facture ${debit.debits[0]?.numeroFacture} est de nouveau due, la loge est prévenue.`,
              ),
          },
        )
      : card
        ? settle.mutate(
            { line, body: { ecritures: card.paiements.map((c) => c.idEcriture) } },
            {
              onSuccess: () =>
                toast('success', `Règlement enregistré ; ${formatCents(card.frais)} de frais.`),
            },
          )
        : p &&
          confirm.mutate(
            {
              line,
              body: {
                idEntite: p.idEntite,
                affectations: p.factures.map((f) => ({ idCommande: f.idCommande, montant: f.montant })),
              },
            },
            { onSuccess: () => toast('success', `Paiement de ${p.entite} enregistré.`) },
          );
  const what = `la ligne du ${formatDay(line.dateComptable)} de ${formatCents(line.montant)}`;
  return (
    <Group gap="xs" wrap="nowrap">
      {(p || card || debit) && (
        <Button
          size="xs"
          loading={confirm.isPending || settle.isPending || sepa.isPending}
          onClick={run}
          aria-label={`Confirmer ${what}`}
        >
          Confirmer
        </Button>
      )}
      {line.montant > 0 && !debit && (
        <Button
          size="xs"
          variant="default"
          onClick={() => onOpen(line, 'correct')}
          aria-label={`${p ? 'Corriger' : 'Choisir la loge de'} ${what}`}
        >
          {p ? 'Corriger' : 'Choisir la loge'}
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        onClick={() => onOpen(line, 'impute')}
        aria-label={`Imputer ${what}`}
      >
        Imputer
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => onOpen(line, 'ignore')}
        aria-label={`Ignorer ${what}`}
      >
        Ignorer
      </Button>
    </Group>
  );
}

export function BankLinesTable({ lines, mayWrite }: { lines: BankLine[]; mayWrite: boolean }) {
  const [open, setOpen] = useState<{ line: BankLine; dialog: Dialog } | null>(null);
  const lineOf = (dialog: Dialog) => (open?.dialog === dialog ? open.line : null);
  const close = () => setOpen(null);
  const columns: Column<BankLine>[] = [
    { header: 'Date', cell: (l) => formatDay(l.dateValeur ?? l.dateComptable) },
    {
      header: 'Libellé',
      cell: (l) => (
        <Stack gap={2}>
          <Text size="sm">{l.libelle || '—'}</Text>
          {l.contrepartie && (
            <Text size="xs" c="dimmed">
              {l.contrepartie}
            </Text>
          )}
        </Stack>
      ),
    },
    { header: 'Montant', right: true, bold: true, cell: (l) => formatCents(l.montant) },
    { header: 'Correspondance', cell: (l) => <Proposal line={l} /> },
  ];
  if (mayWrite)
    columns.push({
      header: 'Actions',
      cell: (l) => <Actions line={l} onOpen={(line, dialog) => setOpen({ line, dialog })} />,
    });
  return (
    <>
      <AccountTable
        title="Lignes du relevé"
        empty="Ce relevé n’a aucune ligne."
        rows={lines}
        columns={columns}
        rowKey={(l) => l.id}
        minWidth={1040}
      />
      <IgnoreLineModal line={lineOf('ignore')} onClose={close} />
      <ImputeLineModal line={lineOf('impute')} onClose={close} />
      <CorrectLineModal line={lineOf('correct')} onClose={close} />
    </>
  );
}
