/**
 * « Agenda »: the private address of the user's calendar feed (their entities' confirmed reservations),
 * plus one per room and one for the building for Union staff. The server keeps only a hash of the secret,
 * so an address is shown once, when created or renewed; renewing makes the old one stop working.
 */
import { ActionIcon, Alert, Button, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { type CalendarFeedUrls } from '@union/contract';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { useCalendarFeed, useRenewCalendarFeed } from '../api/calendar-feed';
import { formatFrenchDay, formatTime } from '../../../lib/dates';

function FeedAddress({ label, url }: { label: string; url: string }) {
  return (
    <TextInput
      label={label}
      value={url}
      readOnly
      onFocus={(e) => e.currentTarget.select()}
      rightSection={
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Adresse copiée' : 'Copier l’adresse'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? `Adresse copiée : ${label}` : `Copier l’adresse : ${label}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

function Addresses({ adresses }: { adresses: CalendarFeedUrls }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconInfoCircle />}>
        Copiez ces adresses maintenant : pour votre sécurité, elles ne seront plus affichées. Elles donnent
        accès à ces réservations sans mot de passe : ne les partagez pas.
      </Alert>
      <FeedAddress label="Réservations de mes loges" url={adresses.personnel} />
      {adresses.batiment && <FeedAddress label="Tout le bâtiment" url={adresses.batiment} />}
      {adresses.salles.map((s) => (
        <FeedAddress key={s.id} label={`Salle : ${s.nom}`} url={s.url} />
      ))}
    </Stack>
  );
}

export function CalendarFeedPanel() {
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const state = feed.data;

  async function onRenew() {
    const answer = await openDialog({
      type: 'question',
      title: 'Renouveler l’adresse de l’agenda',
      text: 'L’adresse actuelle cessera aussitôt de fonctionner : les agendas qui y sont abonnés devront l’être à la nouvelle. Continuer ?',
      okLabel: 'Renouveler l’adresse',
    });
    if (answer !== 'ok') return;
    renew.mutate(undefined, {
      onSuccess: () => toast('success', 'Votre nouvelle adresse d’agenda est prête.'),
    });
  }

  return (
    <Stack gap="sm">
      <Text size="sm">
        Abonnez votre agenda (Google Agenda, Outlook, Calendrier d’Apple…) aux réservations confirmées des
        loges et associations dont vous êtes membre
        {state?.gestion
          ? ', et, pour le secrétariat de l’Union, à celles de chaque salle ou de tout le bâtiment'
          : ''}
        .
      </Text>
      {feed.isError && <Text c="red">L’état de votre agenda n’a pas pu être chargé.</Text>}
      {state?.adresses && <Addresses adresses={state.adresses} />}
      {state && !state.adresses && state.actif && state.creeLe && (
        <Text size="sm" c="dimmed">
          Votre adresse a été créée le {formatFrenchDay(state.creeLe)} à {formatTime(state.creeLe)}. Elle
          n’est affichée qu’à sa création : si vous l’avez perdue, renouvelez-la.
        </Text>
      )}
      {state && (
        <Group>
          {state.actif ? (
            <Button variant="default" loading={renew.isPending} onClick={() => void onRenew()}>
              Renouveler l’adresse
            </Button>
          ) : (
            <Button loading={renew.isPending} onClick={() => renew.mutate()}>
              Créer mon adresse d’agenda
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
