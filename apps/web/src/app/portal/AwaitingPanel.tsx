/**
 * « Ce qui vous attend » (issue 33): the portal's first block, from GET /api/portail. Each line goes
 * straight to its action; a part the person has no right to never comes, an empty one is not shown.
 */
import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { PortalSummary } from '@union/contract';
import { Link } from 'react-router';
import { formatCents } from '../../lib/format';
import { capitalize, deadlineText, mealText, sessionText, taskText } from './lines';
import { Part } from './Part';
import { usePortalSummary } from './api';
import { NewDocuments } from './NewDocuments';

const isEmpty = (s: PortalSummary) =>
  s.aTraiter.length === 0 &&
  s.seances.length === 0 &&
  s.repas.length === 0 &&
  s.carte === null &&
  s.documents.nouveaux.length === 0;

export function AwaitingPanel() {
  const summary = usePortalSummary();
  if (summary.isPending) return <Loader size="sm" aria-label="Chargement de ce qui vous attend" />;
  if (!summary.data) return null;
  const s = summary.data;
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Ce qui vous attend
      </Title>
      {isEmpty(s) && <Text>Rien ne vous attend pour le moment.</Text>}
      {s.aTraiter.length > 0 && (
        <Part title="À traiter">
          {s.aTraiter.map((task) => (
            <li key={task.lien}>
              <Anchor component={Link} to={task.lien} fw={600}>
                {taskText(task)}
              </Anchor>
            </li>
          ))}
        </Part>
      )}
      {s.seances.length > 0 && (
        <Part title="Vos prochaines tenues">
          {s.seances.map((session) => (
            <li key={session.id}>
              <Anchor component={Link} to={session.lien}>
                {sessionText(session)}
              </Anchor>
              <Text span size="sm" c="dimmed">
                {' '}
                – {session.entite}
              </Text>
            </li>
          ))}
        </Part>
      )}
      {s.repas.length > 0 && (
        <Part title="Repas à venir">
          {s.repas.map((meal) => (
            <Group component="li" key={meal.id} justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text>{mealText(meal)}</Text>
                <Text size="sm" c="dimmed">
                  {meal.commande ? 'Vous avez commandé.' : `${capitalize(deadlineText(meal))}.`}
                </Text>
              </div>
              <Button
                component={Link}
                to={meal.lien}
                size="compact-md"
                variant={meal.commande ? 'light' : 'filled'}
                aria-label={`${meal.commande ? 'Voir ma commande' : 'Commander'} : ${mealText(meal)}`}
              >
                {meal.commande ? 'Voir ma commande' : 'Commander'}
              </Button>
            </Group>
          ))}
        </Part>
      )}
      {s.carte && (
        <Part title="Ma carte Union">
          <Group component="li" justify="space-between" wrap="wrap" gap="xs">
            <Text>
              Solde : <strong>{formatCents(s.carte.solde)}</strong>
            </Text>
            <Button component={Link} to={s.carte.lien} size="compact-md" variant="light">
              Recharger
            </Button>
          </Group>
        </Part>
      )}
      <NewDocuments documents={s.documents} />
    </Stack>
  );
}
