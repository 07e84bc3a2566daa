/**
 * The lines of a quote or an invoice draft: label, quantity, unit price in euros, amount. Amounts are
 * computed here only to show them, by the contract's `lineAmount`; the server computes them again with it
 * and keeps its own.
 */
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { FormErrors, GetInputPropsReturnType } from '@mantine/form';
import { lineAmount, type OrderLineInput } from '@union/contract';
import { eurosToCents, formatCents } from '../../../lib/format';
import { ScrollTable } from '../../../components/ScrollTable';

export interface EditedLine {
  libelle: string;
  quantite: number | string;
  /** Euros as typed. */
  prix: number | string;
  reservationId?: number | null;
}

export const emptyLine = (): EditedLine => ({ libelle: '', quantite: 1, prix: '' });

export const toEdited = (l: {
  libelle: string;
  quantite: number;
  prixUnitaire: number;
  reservationId?: number | null;
}): EditedLine => ({
  libelle: l.libelle,
  quantite: l.quantite,
  prix: l.prixUnitaire / 100,
  reservationId: l.reservationId ?? null,
});

export const toInput = (l: EditedLine): OrderLineInput => ({
  libelle: l.libelle.trim(),
  quantite: Number(l.quantite),
  prixUnitaire: eurosToCents(l.prix),
  reservationId: l.reservationId ?? null,
});

const amountOf = (l: EditedLine) => lineAmount(Number(l.quantite), eurosToCents(l.prix));
const totalOfEdited = (lines: EditedLine[]) => lines.reduce((sum, l) => sum + (amountOf(l) || 0), 0);

/** What is wrong with the lines before sending, in French; null when they can be sent. */
export function linesProblem(lines: EditedLine[]): string | null {
  if (!lines.length) return 'Ajoutez au moins une ligne.';
  for (const [i, l] of lines.entries()) {
    if (!l.libelle.trim()) return `Ligne ${i + 1} : indiquez le libellé.`;
    if (!(Number(l.quantite) > 0)) return `Ligne ${i + 1} : la quantité doit être positive.`;
    if (l.prix === '' || Number.isNaN(Number(String(l.prix).replace(',', '.'))))
      return `Ligne ${i + 1} : indiquez le prix unitaire en euros.`;
  }
  return null;
}

/** What the editor needs of the form (a @mantine/form `useForm` whose values hold the `lignes`). */
interface LinesForm {
  values: { lignes: EditedLine[] };
  errors: FormErrors;
  getInputProps: (path: `lignes.${number}.${'libelle' | 'quantite' | 'prix'}`) => GetInputPropsReturnType;
  insertListItem: (path: 'lignes', item: EditedLine) => void;
  removeListItem: (path: 'lignes', index: number) => void;
}

/** The lines of the form's `lignes`; the contract's messages show under their cell. */
export function LinesEditor({ form }: { form: LinesForm }) {
  const lines = form.values.lignes;
  return (
    <Stack gap="xs">
      <ScrollTable label="Lignes à saisir" minWidth={620}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Libellé</Table.Th>
              <Table.Th w={110}>Quantité</Table.Th>
              <Table.Th w={140}>Prix unitaire (€)</Table.Th>
              <Table.Th w={120} ta="right">
                Montant
              </Table.Th>
              <Table.Th w={50}>
                <VisuallyHidden>Retirer</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  <TextInput
                    aria-label={`Libellé de la ligne ${i + 1}`}
                    {...form.getInputProps(`lignes.${i}.libelle`)}
                    maxLength={200}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Quantité de la ligne ${i + 1}`}
                    {...form.getInputProps(`lignes.${i}.quantite`)}
                    min={0.01}
                    decimalScale={2}
                    decimalSeparator=","
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Prix unitaire de la ligne ${i + 1}, en euros`}
                    {...form.getInputProps(`lignes.${i}.prix`)}
                    // The contract names the price of the body, in cents, `prixUnitaire`.
                    error={form.errors[`lignes.${i}.prixUnitaire`]}
                    decimalScale={2}
                    decimalSeparator=","
                    thousandSeparator=" "
                  />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatCents(amountOf(l) || 0)}</Text>
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Retirer la ligne ${i + 1}`}
                    onClick={() => form.removeListItem('lignes', i)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('lignes', emptyLine())}
        >
          Ajouter une ligne
        </Button>
        <Text fw={700}>Total : {formatCents(totalOfEdited(lines))}</Text>
      </Group>
    </Stack>
  );
}
