/**
 * Gestion Loge (/app/loge): the entities where the user is an officer (managers with `gestion`,
 * treasurers with `carteLoge`), then for the one chosen its dashboard (the first tab, issue 33), its
 * members (managers only) and its account with the Union. The chosen entity and tab are kept in the address (?entite=, ?onglet=), so reloading,
 * going back or returning from the card payment keeps them.
 */
import { Alert, Loader, Select, Stack, Tabs, Title } from '@mantine/core';
import type { EntitySummary } from '@union/contract';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { useTreasurerEntities } from '../api/account';
import { useManagedEntities } from '../api/members';
import { AccountPanel } from './AccountPanel';
import { DashboardPanel } from './DashboardPanel';
import { MembersPanel } from './MembersPanel';

const TABS = ['tableau', 'membres', 'compte'] as const;

export function LogePage() {
  usePageTitle('Gestion Loge');
  const managed = useManagedEntities();
  const treasured = useTreasurerEntities();
  const [params, setParams] = useSearchParams();
  const isPending = managed.isPending || treasured.isPending;
  const managedIds = new Set((managed.data ?? []).map((e) => e.id));
  const entities: EntitySummary[] | undefined = isPending
    ? undefined
    : [...(managed.data ?? []), ...(treasured.data ?? []).filter((e) => !managedIds.has(e.id))].sort((a, b) =>
        a.nom.localeCompare(b.nom, 'fr'),
      );
  const wanted = Number(params.get('entite'));
  const current = entities?.find((e) => e.id === wanted) ?? entities?.[0];
  const manages = current !== undefined && managedIds.has(current.id);
  const asked = TABS.find((t) => t === params.get('onglet')) ?? 'tableau';
  const tab = asked === 'membres' && !manages ? 'tableau' : asked;
  const paiement = params.get('paiement') ? Number(params.get('paiement')) : null;

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
          label="Loge ou association"
          maw={480}
          allowDeselect={false}
          data={entities.map((e) => ({ value: String(e.id), label: e.nom }))}
          value={current ? String(current.id) : null}
          onChange={(value) => value && setParams({ entite: value, onglet: tab })}
        />
      )}
      {current && (
        <Tabs
          value={tab}
          onChange={(value) => value && setParams({ entite: String(current.id), onglet: value })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="tableau">Tableau de bord</Tabs.Tab>
            {manages && <Tabs.Tab value="membres">Membres</Tabs.Tab>}
            <Tabs.Tab value="compte">Compte avec l’Union</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="tableau" pt="md">
            <DashboardPanel
              key={current.id}
              entite={current}
              onAccount={() => setParams({ entite: String(current.id), onglet: 'compte' })}
            />
          </Tabs.Panel>
          {manages && (
            <Tabs.Panel value="membres" pt="md">
              <MembersPanel key={current.id} entite={current} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="compte" pt="md">
            <AccountPanel key={current.id} entite={current} paiement={paiement} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
