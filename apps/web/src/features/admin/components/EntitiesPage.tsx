/** Lodges and associations: the list with type, number, city, current members and state. */
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { EntityState, EntityType } from '@union/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useEntities } from '../api/entities';
import { AdminNav } from './AdminNav';
import { usePageTitle } from '../../../components/usePageTitle';

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function EntitiesPage() {
  usePageTitle('Entités');
  const navigate = useNavigate();
  const { data, isPending, isError } = useEntities();
  const [text, setText] = useState('');
  const [state, setState] = useState<'A' | 'S' | 'all'>('A');
  const words = normalise(text).split(/\s+/).filter(Boolean);
  const rows = (data ?? []).filter(
    (e) =>
      (state === 'all' || e.etat === state) &&
      words.every((w) => normalise(`${e.nom} ${e.code} ${e.ville ?? ''} ${e.numero ?? ''}`).includes(w)),
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Entités</Title>
        <Button component={Link} to="nouvelle" leftSection={<IconPlus size={18} />}>
          Nouvelle entité
        </Button>
      </Group>
      <AdminNav />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          label="Rechercher"
          placeholder="Nom, code, ville ou numéro"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <SegmentedControl
          value={state}
          onChange={(value) => setState(value as typeof state)}
          data={[
            { value: 'A', label: 'Actives' },
            { value: 'S', label: 'Supprimées' },
            { value: 'all', label: 'Toutes' },
          ]}
        />
      </Group>
      {isPending && <Loader aria-label="Chargement des entités" />}
      {isError && <Alert color="red">La liste des entités n'a pas pu être chargée.</Alert>}
      {data && rows.length === 0 && <Alert color="gray">Aucune entité ne correspond à ces critères.</Alert>}
      {rows.length > 0 && (
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={720} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nom</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>N°</Table.Th>
                <Table.Th>Ville</Table.Th>
                <Table.Th ta="right">Membres</Table.Th>
                <Table.Th>État</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr
                  key={e.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() =>
                    // The router shows a failed loader itself: nothing waits for the navigation.
                    void navigate(String(e.id))
                  }
                >
                  <Table.Td fw={500}>
                    <Link to={String(e.id)} onClick={(event) => event.stopPropagation()}>
                      {e.nom}
                    </Link>
                  </Table.Td>
                  <Table.Td>{e.code}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{EntityType.labels[e.type]}</Text>
                  </Table.Td>
                  <Table.Td>{e.numero ?? '—'}</Table.Td>
                  <Table.Td>{e.ville ?? '—'}</Table.Td>
                  <Table.Td ta="right">{e.nbMembres}</Table.Td>
                  <Table.Td>
                    <Badge color={e.etat === 'A' ? 'green' : 'red'} variant="light">
                      {EntityState.labels[e.etat]}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
