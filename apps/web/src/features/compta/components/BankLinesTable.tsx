/**
 * The lines of a bank statement (issue 34): each with its amount, its text and payer, and what it is
 * proposed to pay (an exact match or a suggestion), or what became of it; the treasurer confirms one
 * (the payment is recorded by transfer, dated the value date), corrects it (another lodge, other
 * invoices), gives it an account of the chart (« Imputer »: an expense) or sets it aside with a note.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { BankLine } from '@union/contract';
import { useState } from 'react';
import { toast } from '../../../components/toast';
import { formatDay } from '../../../lib/dates';
import { formatCents } from '../../../lib/format';
import { useConfirmLine, useSettleCards } from '../api/bank';
import { AccountTable, type Column } from './AccountTable';
import { CorrectLineModal } from './CorrectLineModal';
import { IgnoreLineModal } from './IgnoreLineModal';
import { ImputeLineModal } from './ImputeLineModal';

/** The dialogs a line's buttons open. */
type Dialog = 'ignore' | 'impute' | 'correct';

function Proposal({ line }: { line: BankLine }) {
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
      <Text size="sm" c="dimmed">
        {line.montant > 0 ? 'Aucune proposition' : 'Débit'}
      </Text>
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
  if (line.etat !== 'A_TRAITER') return null;
  const p = line.proposition;
  const card = line.reglementCarte;
  const run = () =>
    card
      ? settle.mutate(
          { line, body: { ecritures: card.paiements.map((c) => c.idEcriture) } },
          {
            onSuccess: () => toast('success', `Règlement enregistré ; ${formatCents(card.frais)} de frais.`),
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
      {(p || card) && (
        <Button
          size="xs"
          loading={confirm.isPending || settle.isPending}
          onClick={run}
          aria-label={`Confirmer ${what}`}
        >
          Confirmer
        </Button>
      )}
      {line.montant > 0 && (
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
