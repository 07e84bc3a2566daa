/**
 * « Corriger » a bank line's proposal (issue 34): the treasurer picks the lodge that paid (the proposed
 * one to start with, or any other) and what goes to each of its open invoices (the allocation table of
 * « Répartir un paiement »); the line's amount is the payment, what is not allocated stays the lodge's
 * credit. Recorded as the line's confirmation.
 */
import { Loader, Modal, Select, Stack, Text } from '@mantine/core';
import type { BankLine, OpenInvoice } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/FormActions';
import { toast } from '../../../components/toast';
import { formatDay } from '../../../lib/dates';
import { eurosToCents, formatCents } from '../../../lib/format';
import { useConfirmLine } from '../api/bank';
import { useBillableEntities, useEntityAccount } from '../api/orders';
import { AllocationTable } from './AllocationTable';

type Parts = Record<number, number | string>;

/** The line's amount spread over the invoices, oldest first. */
function spread(factures: OpenInvoice[], total: number): Parts {
  let left = total;
  const parts: Parts = {};
  for (const f of factures) {
    const part = Math.max(Math.min(left, f.du), 0);
    parts[f.id] = part ? part / 100 : '';
    left -= part;
  }
  return parts;
}

/** What the proposal allocates, when it is of this lodge; else the amount spread. */
function initialParts(line: BankLine, entityId: number, factures: OpenInvoice[]): Parts {
  const p = line.proposition;
  if (p?.idEntite !== entityId) return spread(factures, line.montant);
  return Object.fromEntries(p.factures.map((f) => [f.idCommande, f.montant / 100]));
}

function Allocation({
  line,
  entity,
  onDone,
}: {
  line: BankLine;
  entity: { id: number; nom: string };
  onDone: () => void;
}) {
  const account = useEntityAccount(entity.id);
  const confirm = useConfirmLine();
  const [edited, setParts] = useState<Parts | null>(null);
  if (account.isPending || !account.data) return <Loader aria-label="Chargement du compte de la loge" />;
  const { factures } = account.data;
  const parts = edited ?? initialParts(line, entity.id, factures);
  const affectations = factures
    .map((f) => ({
      idCommande: f.id,
      montant: eurosToCents(parts[f.id] ?? ''),
      du: f.du,
      numero: f.numeroFacture,
    }))
    .filter((a) => a.montant > 0);
  const affecte = affectations.reduce((s, a) => s + a.montant, 0);
  const over = affectations.find((a) => a.montant > a.du);
  const problem = over
    ? `La facture ${over.numero} n’a que ${formatCents(over.du)} à payer.`
    : affecte > line.montant
      ? `Les affectations (${formatCents(affecte)}) dépassent le virement.`
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    confirm.mutate(
      {
        line,
        body: {
          idEntite: entity.id,
          affectations: affectations.map(({ idCommande, montant }) => ({ idCommande, montant })),
        },
      },
      {
        onSuccess: () => {
          toast('success', `Paiement de ${entity.nom} enregistré.`);
          onDone();
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        {factures.length === 0 ? (
          <Text size="sm">Aucune facture à payer : le virement restera au crédit de la loge.</Text>
        ) : (
          <AllocationTable
            factures={factures}
            parts={parts}
            onPartChange={(id, v) => setParts({ ...parts, [id]: v })}
          />
        )}
        <Text size="sm" aria-live="polite">
          Affecté : {formatCents(affecte)} · Reste au crédit de la loge :{' '}
          {formatCents(Math.max(line.montant - affecte, 0))}
        </Text>
        <FormActions onCancel={onDone} disabledReason={problem} loading={confirm.isPending}>
          Enregistrer le paiement
        </FormActions>
      </Stack>
    </form>
  );
}

/** The lodge chosen (the proposal's to start with) and its allocation; the entity list read when open. */
function Correction({ line, onDone }: { line: BankLine; onDone: () => void }) {
  const entities = useBillableEntities();
  const [chosen, setChosen] = useState<number | null>(null);
  const id = chosen ?? line.proposition?.idEntite ?? null;
  const entity = entities.data?.find((e) => e.id === id);
  return (
    <Stack>
      <Text size="sm">
        {line.libelle || '—'}
        {line.contrepartie ? ` · ${line.contrepartie}` : ''}
      </Text>
      <Select
        label="Loge ou association qui paie"
        placeholder="Choisir la loge"
        data={(entities.data ?? []).map((e) => ({ value: String(e.id), label: e.nom }))}
        value={id === null ? null : String(id)}
        onChange={(v) => setChosen(v ? Number(v) : null)}
        searchable
        data-autofocus
      />
      {entity && <Allocation key={entity.id} line={line} entity={entity} onDone={onDone} />}
    </Stack>
  );
}

export function CorrectLineModal({ line, onClose }: { line: BankLine | null; onClose: () => void }) {
  return (
    <Modal
      opened={line !== null}
      onClose={onClose}
      title={line ? `Virement du ${formatDay(line.dateComptable)} de ${formatCents(line.montant)}` : ''}
      size="xl"
    >
      {line && <Correction line={line} onDone={onClose} />}
    </Modal>
  );
}
