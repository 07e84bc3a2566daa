/**
 * The order's lines: a table, or, while it is a quote or a draft the server lets edit, the form of its
 * subject and lines, checked with the contract's schema before sending.
 */
import { Button, Group, Paper, Stack, Table, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { OrderAction, OrderChangeSchema, type OrderChange, type OrderDetail } from '@union/contract';
import { useState } from 'react';
import { FormActions } from '../../../components/FormActions';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { ScrollTable } from '../../../components/ScrollTable';
import { formatCents, formatNumber } from '../../../lib/format';
import { LinesEditor, linesProblem, toEdited, toInput, type EditedLine } from './LinesEditor';

type EditAction = 'EDIT_DEVIS' | 'EDIT_FACTURE';
/** What an edition changes. */
type LinesChange = Pick<OrderChange, 'objet' | 'lignes'>;

interface Props {
  order: OrderDetail;
  saving: boolean;
  /** Sends the edition; resolves once it is done. */
  onSave: (action: EditAction, change: LinesChange) => Promise<void>;
}

export function OrderLines({ order, saving, onSave }: Props) {
  const [editing, setEditing] = useState(false);
  const editAction = order.actions.find((a): a is EditAction => a === 'EDIT_DEVIS' || a === 'EDIT_FACTURE');
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          Lignes
        </Title>
        {editAction && !editing && (
          <Button variant="light" onClick={() => setEditing(true)}>
            {OrderAction.labels[editAction]}
          </Button>
        )}
      </Group>
      {editing && editAction ? (
        <OrderLinesForm
          order={order}
          saving={saving}
          onSave={async (change) => {
            await onSave(editAction, change);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <LinesTable order={order} />
      )}
    </Paper>
  );
}

function LinesTable({ order }: { order: OrderDetail }) {
  return (
    <ScrollTable label="Lignes de la pièce" minWidth={560}>
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
              <Table.Td ta="right">{formatNumber(l.quantite)}</Table.Td>
              <Table.Td ta="right">{formatCents(l.prixUnitaire)}</Table.Td>
              <Table.Td ta="right">{formatCents(l.montant)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

interface FormValues {
  objet: string;
  lignes: EditedLine[];
}

function OrderLinesForm({
  order,
  saving,
  onSave,
  onCancel,
}: {
  order: OrderDetail;
  saving: boolean;
  onSave: (change: LinesChange) => Promise<void>;
  onCancel: () => void;
}) {
  // What the server receives: the order's id, its subject and its lines in cents.
  const bodyOf = (values: FormValues) => ({
    id: order.id,
    objet: values.objet,
    lignes: values.lignes.map(toInput),
  });
  const form = useForm<FormValues>({
    initialValues: { objet: order.objet, lignes: order.lignes.map(toEdited) },
    validate: contractResolver(OrderChangeSchema, bodyOf),
  });
  const problem = form.values.objet.trim()
    ? linesProblem(form.values.lignes)
    : "Indiquez l'objet de la pièce.";

  const submit = (values: FormValues) => {
    if (problem) return;
    const body = OrderChangeSchema.parse(bodyOf(values));
    void onSave({ objet: body.objet, lignes: body.lignes });
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)}>
      <Stack>
        <TextInput label="Objet" {...form.getInputProps('objet')} maxLength={200} />
        <LinesEditor form={form} />
        <FormActions onCancel={onCancel} loading={saving} disabledReason={problem} />
      </Stack>
    </form>
  );
}
