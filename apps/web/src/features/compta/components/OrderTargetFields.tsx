/**
 * What a new order is for: its type, the lodge or association billed, the year and, for a fee call,
 * the instalment.
 */
import { Group, SegmentedControl, Select, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Instalment, OrderType } from '@union/contract';
import type { EditedLine } from './LinesEditor';
import { options, yearOptions } from './shared';

export interface NewOrderValues {
  type: OrderType;
  idEntite: string | null;
  annee: string;
  tranche: Instalment;
  devis: 'devis' | 'facture';
  objet: string;
  lignes: EditedLine[];
}

export function OrderTargetFields({
  form,
  phoneChoices,
  entities,
  onTypeChange,
}: {
  form: UseFormReturnType<NewOrderValues>;
  /** On a phone the choices stack one under the other. */
  phoneChoices: { orientation?: 'vertical'; fullWidth?: boolean };
  entities: { id: number; nom: string }[];
  /** A new type makes the last proposal's explanation stale. */
  onTypeChange: () => void;
}) {
  const { type } = form.values;
  return (
    <>
      <div>
        <Text fw={500} size="sm" mb={4} id="type-label">
          Type de pièce
        </Text>
        <SegmentedControl
          aria-labelledby="type-label"
          {...phoneChoices}
          {...form.getInputProps('type')}
          onChange={(v) => {
            form.setFieldValue('type', v as OrderType);
            onTypeChange();
          }}
          data={options(OrderType.labels)}
        />
      </div>
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label="Loge ou association"
          placeholder="Choisissez…"
          data={entities.map((e) => ({ value: String(e.id), label: e.nom }))}
          {...form.getInputProps('idEntite')}
          searchable
          allowDeselect={false}
          required
        />
        <Select label="Année" data={yearOptions()} {...form.getInputProps('annee')} allowDeselect={false} />
        {type === 'A' && (
          <Select
            label="Tranche"
            data={options(Instalment.labels)}
            {...form.getInputProps('tranche')}
            allowDeselect={false}
          />
        )}
      </Group>
    </>
  );
}
