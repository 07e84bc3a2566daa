/**
 * /app/restauration/caisse (MENUS): the card desk. Open a till session with its float; credit a card in
 * cash or by cheque, or debit it for what the bar sells, each with its receipt; close the session with the
 * cash counted, the difference explained. Phone first: one column of forms, tables scroll.
 */
import { Loader, SegmentedControl, Stack, Title } from '@mantine/core';
import { Till } from '@union/contract';
import { useState } from 'react';
import { usePageTitle } from '../../../components/usePageTitle';
import { RestaurantNav } from './RestaurantNav';
import { useTillSession, useTillSessions } from '../api/desk';
import { OpenTillSession } from './OpenTillSession';
import { TillOpenForm } from './TillOpenForm';
import { TillSessionsTable } from './TillSessionsTable';

export function DeskPage() {
  usePageTitle('Caisse des cartes Union');
  const open = useTillSessions(true);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const current = chosen ?? open.data?.[0]?.id;
  const session = useTillSession(current);

  return (
    <Stack gap="md">
      <Title order={2}>Caisse des cartes Union</Title>
      <RestaurantNav />
      {open.isPending && <Loader aria-label="Chargement des sessions de caisse" />}
      {open.data && open.data.length > 1 && (
        <SegmentedControl
          aria-label="Session de caisse affichée"
          value={String(current)}
          onChange={(v) => setChosen(Number(v))}
          data={open.data.map((s) => ({ value: String(s.id), label: Till.labels[s.caisse] }))}
        />
      )}
      {open.data && <TillOpenForm busy={open.data.map((s) => s.caisse)} onOpened={setChosen} />}
      {session.data && session.data.cloture === null && <OpenTillSession session={session.data} />}
      <Title order={3} fz={{ base: 18, sm: 20 }}>
        Sessions précédentes
      </Title>
      <TillSessionsTable />
    </Stack>
  );
}
