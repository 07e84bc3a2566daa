/**
 * The users found: a checkbox per row and one for the whole page (issue 33), sortable column headers
 * (aria-sort), the telephone and the towns of the person's entities, and rows that open the user, the
 * name being the link for the keyboard.
 */
import { Checkbox, Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { UserListRow, UserSearch, UserSortField } from '@union/contract';
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
  selected,
  onSelect,
}: {
  users: UserListRow[];
  criteria: UserSearch;
  sortBy: (field: UserSortField) => void;
  /** The ids selected (on this page or others). */
  selected: ReadonlySet<number>;
  /** Selects (true) or unselects these rows. */
  onSelect: (rows: UserListRow[], on: boolean) => void;
}) {
  const navigate = useNavigate();
  const onPage = users.filter((user) => selected.has(user.id)).length;
  return (
    <Table striped highlightOnHover miw={960} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>
            <Checkbox
              aria-label="Tout sélectionner sur la page"
              checked={onPage > 0 && onPage === users.length}
              indeterminate={onPage > 0 && onPage < users.length}
              onChange={(event) => onSelect(users, event.currentTarget.checked)}
            />
          </Table.Th>
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
          <Table.Th>Téléphone</Table.Th>
          <Table.Th>Ville</Table.Th>
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
            {/* The cell's click selects, it does not open the user. */}
            <Table.Td onClick={(event) => event.stopPropagation()}>
              <Checkbox
                aria-label={`Sélectionner ${user.prenom} ${user.nom}`}
                checked={selected.has(user.id)}
                onChange={(event) => onSelect([user], event.currentTarget.checked)}
              />
            </Table.Td>
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
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.telephone ?? ''}</Table.Td>
            <Table.Td>{user.villes ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
