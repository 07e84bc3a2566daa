import { Table } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../app/Providers';
import { ScrollTable } from './ScrollTable';

const original = window.matchMedia;
const asPhone = () => {
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query === '(max-width: 48em)',
  })) as typeof window.matchMedia;
};
afterEach(() => {
  window.matchMedia = original;
});

function Invoices() {
  return (
    <Providers>
      <ScrollTable label="Factures" minWidth={600} keyColumns={[0, 2]}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Numéro</Table.Th>
              <Table.Th>Objet</Table.Th>
              <Table.Th>Reste dû</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>FA-2026-0002</Table.Td>
              <Table.Td>Location de la salle</Table.Td>
              <Table.Td>210,00 €</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Providers>
  );
}

describe('a wide table', () => {
  it('scrolls sideways in a focusable region on a wide screen', () => {
    render(<Invoices />);
    const region = screen.getByRole('region', { name: 'Factures' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('cell', { name: '210,00 €' })).not.toHaveAttribute('data-label');
  });

  it('on a phone, makes each row a card: every cell named by its header, the key columns first, still a table', async () => {
    asPhone();
    render(<Invoices />);
    const region = screen.getByRole('region', { name: 'Factures' });
    expect(region).not.toHaveAttribute('tabindex');
    const due = within(region).getByRole('cell', { name: '210,00 €' });
    await waitFor(() => expect(due).toHaveAttribute('data-label', 'Reste dû'));
    expect(due).toHaveAttribute('data-key', '2');
    expect(within(region).getByRole('cell', { name: 'FA-2026-0002' })).toHaveAttribute('data-key', '1');
    expect(within(region).getByRole('cell', { name: 'Location de la salle' })).not.toHaveAttribute(
      'data-key',
    );
    // The roles keep the table's semantics once CSS draws it as blocks.
    expect(within(region).getByRole('table')).toHaveAttribute('role', 'table');
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('role')),
    ).toEqual(['columnheader', 'columnheader', 'columnheader']);
  });
});
