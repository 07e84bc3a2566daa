/**
 * The users found: sortable column headers (aria-sort), and rows that open the user, the name being the
 * link for the keyboard.
 */
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { UserRow, UserSearch, UserSortField } from '@union/contract';
import { Link, useNavigate } from 'react-router';
import { UserStateBadge } from './UserStateBadge';

const COLUMNS: { field: UserSortField; label: string }[] = [
  { field: 'nom', label: 'Nom' },
  { field: 'prenom', label: 'Prénom' },
  { field: 'identifiant', label: 'Identifiant' },
  { field: 'email', label: 'E-mail' },
  { field: 'etat', label: 'État' },
];

export function UsersTable({
  users,
  criteria,
  sortBy,
}: {
  users: UserRow[];
  criteria: UserSearch;
  sortBy: (field: UserSortField) => void;
}) {
  const navigate = useNavigate();
  return (
    <Table striped highlightOnHover miw={720} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          {COLUMNS.map((column) => {
            const active = criteria.tri === column.field;
            const SortIcon = !active
              ? IconArrowsSort
              : criteria.sens === 'asc'
                ? IconChevronUp
                : IconChevronDown;
            return (
              <Table.Th
                key={column.field}
                aria-sort={active ? (criteria.sens === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <UnstyledButton onClick={() => sortBy(column.field)} fw={600} fz="sm">
                  <Group gap={4} wrap="nowrap">
                    {column.label}
                    <SortIcon size={14} opacity={active ? 1 : 0.4} />
                  </Group>
                </UnstyledButton>
              </Table.Th>
            );
          })}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => (
          <Table.Tr
            key={user.id}
            style={{ cursor: 'pointer' }}
            onClick={() =>
              // The router shows a failed loader itself: nothing waits for the navigation.
              void navigate(String(user.id))
            }
          >
            <Table.Td fw={500}>
              <Link to={String(user.id)} onClick={(event) => event.stopPropagation()}>
                {user.nom}
              </Link>
            </Table.Td>
            <Table.Td>{user.prenom}</Table.Td>
            <Table.Td>{user.identifiant}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-all' }}>{user.email}</Table.Td>
            <Table.Td>
              <UserStateBadge etat={user.etat} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
