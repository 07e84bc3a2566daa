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
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import {
  HABILITATIONS,
  HABILITATION_CODES,
  type UserSortField,
  UserState,
  USER_PAGE_SIZES,
} from '@union/contract';
import { Link } from 'react-router';
import { useEntities } from '../api/entities';
import { rememberPageSize, useUserSearch } from '../api/users';
import { useUserSelection } from './useUserSelection';
import { UsersSelectionBar } from './UsersSelection';
import { formatNumber } from '../../../lib/format';
import { useUserListCriteria } from './useUserListCriteria';
import { UsersTable } from './UsersTable';
import { AdminNav } from './AdminNav';
import { usePageTitle } from '../../../components/usePageTitle';

export function UsersPage() {
  usePageTitle('Utilisateurs');
  const { criteria, text, setText, update } = useUserListCriteria();
  const { data: entities } = useEntities();
  const selection = useUserSelection();

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
      <AdminNav />

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
            <>
              <UsersSelectionBar rows={selection.rows} onClear={selection.clear} />
              <ScrollArea type="auto">
                <UsersTable
                  users={result.lignes}
                  criteria={criteria}
                  sortBy={sortBy}
                  selected={selection.ids}
                  onSelect={selection.toggle}
                />
              </ScrollArea>
            </>
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
              onChange={(value) => {
                if (value) rememberPageSize(Number(value));
                update({ taille: value });
              }}
              allowDeselect={false}
            />
          </Group>
        </>
      )}
      {search.isError && <Alert color="red">La liste des utilisateurs n'a pas pu être chargée.</Alert>}
    </Stack>
  );
}
