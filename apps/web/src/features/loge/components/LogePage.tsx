/**
 * Gestion Loge (/app/loge): the entities the user manages, then the members of the one chosen. The
 * chosen entity is kept in the address (?entite=), so reloading or going back keeps it.
 */
import { Alert, Loader, Select, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useManagedEntities } from '../api/members';
import { MembersPanel } from './MembersPanel';

export function LogePage() {
  const { data: entities, isPending } = useManagedEntities();
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('entite'));
  const current = entities?.find((e) => e.id === wanted) ?? entities?.[0];

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        Gestion Loge
      </Title>
      {isPending && <Loader aria-label="Chargement des entités" />}
      {entities && entities.length === 0 && (
        <Alert color="gray" title="Aucune entité à gérer">
          Vous ne gérez aucune loge ni association pour le moment. Le secrétariat de l’Union peut vous en
          confier la gestion.
        </Alert>
      )}
      {entities && entities.length > 1 && (
        <Select
          label="Entité"
          maw={480}
          allowDeselect={false}
          data={entities.map((e) => ({ value: String(e.id), label: e.nom }))}
          value={current ? String(current.id) : null}
          onChange={(value) => value && setParams({ entite: value })}
        />
      )}
      {current && <MembersPanel key={current.id} entite={current} />}
    </Stack>
  );
}
