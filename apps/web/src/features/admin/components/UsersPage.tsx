/**
 * The user list: text search (accents and case ignored), filters by entity, habilitation and state,
 * sortable columns and pages with the total. The criteria live in the address, so "back" keeps them.
 */
import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowsSort,
  IconChevronDown,
  IconChevronUp,
  IconSearch,
  IconUserPlus,
} from '@tabler/icons-react';
import {
  HABILITATIONS,
  HABILITATION_CODES,
  type UserSortField,
  UserState,
  USER_PAGE_SIZES,
} from '@union/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useEntities } from '../api/entities';
import { userListCriteria, useUserSearch } from '../api/users';
import { UserStateBadge } from './UserStateBadge';
import { formatNumber } from '../../../lib/format';

const COLUMNS: { field: UserSortField; label: string }[] = [
  { field: 'nom', label: 'Nom' },
  { field: 'prenom', label: 'Prénom' },
  { field: 'identifiant', label: 'Identifiant' },
  { field: 'email', label: 'E-mail' },
  { field: 'etat', label: 'État' },
];

export function UsersPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const criteria = userListCriteria(params);
  const [text, setText] = useState(criteria.texte ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const { data: entities } = useEntities();

  /** Changes some criteria; any change but the page goes back to page 1. */
  const update = (changes: Record<string, string | number | undefined | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if ((criteria.texte ?? '') !== debounced) update({ texte: debounced });
    // Only the typed text drives this; the other criteria change through `update` directly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const search = useUserSearch(criteria);
  const result = search.data;
  const pages = result ? Math.max(1, Math.ceil(result.total / result.taille)) : 1;

  const sortBy = (field: UserSortField) =>
    update({ tri: field, sens: criteria.tri === field && criteria.sens === 'asc' ? 'desc' : 'asc' });

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Utilisateurs</Title>
        <Button component={Link} to="nouveau" leftSection={<IconUserPlus size={18} />}>
          Nouvel utilisateur
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          label="Rechercher"
          placeholder="Nom, prénom, identifiant ou e-mail"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Select
          label="Entité"
          placeholder="Toutes"
          searchable
          clearable
          nothingFoundMessage="Aucune entité"
          data={(entities ?? []).map((e) => ({ value: String(e.id), label: e.nom }))}
          value={criteria.entiteId ? String(criteria.entiteId) : null}
          onChange={(value) => update({ entite: value })}
        />
        <Select
          label="Habilitation"
          placeholder="Toutes"
          clearable
          data={HABILITATION_CODES.map((code) => ({ value: code, label: HABILITATIONS[code].libelle }))}
          value={criteria.habilitation ?? null}
          onChange={(value) => update({ habilitation: value })}
        />
        <Select
          label="État"
          placeholder="Tous"
          clearable
          data={UserState.codes.map((code) => ({ value: code, label: UserState.labels[code] }))}
          value={criteria.etat ?? null}
          onChange={(value) => update({ etat: value })}
        />
      </SimpleGrid>

      {search.isPending && <Loader aria-label="Chargement des utilisateurs" />}
      {result && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {result.total === 0
              ? 'Aucun utilisateur ne correspond à ces critères.'
              : result.totalAuMoins
                ? `Plus de ${formatNumber(result.total)} utilisateurs : précisez la recherche pour les voir tous.`
                : `${formatNumber(result.total)} utilisateur${result.total > 1 ? 's' : ''}`}
          </Text>
          {result.total > 0 && (
            <ScrollArea type="auto">
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
                  {result.lignes.map((user) => (
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
            </ScrollArea>
          )}
          <Group justify="space-between" wrap="wrap">
            <Pagination
              total={pages}
              value={Math.min(criteria.page ?? 1, pages)}
              onChange={(page) => update({ page })}
              size="sm"
              siblings={1}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next' ? 'Page suivante' : control === 'previous' ? 'Page précédente' : control,
              })}
            />
            <Select
              aria-label="Utilisateurs par page"
              w={150}
              data={USER_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} par page` }))}
              value={String(criteria.taille)}
              onChange={(value) => update({ taille: value })}
              allowDeselect={false}
            />
          </Group>
        </>
      )}
      {search.isError && <Alert color="red">La liste des utilisateurs n'a pas pu être chargée.</Alert>}
    </Stack>
  );
}
