/**
 * The unsubscribe link of the e-mails sent to many people (`/desinscription?jeton=…`, public): one button
 * turns off the notification the token names: the documents' (`<id>.…`), the broadcast messages'
 * (`m<id>.…`) or the restaurant's menus (`r<id>.…`). A button, not the visit itself: mail scanners open
 * links.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { DOCUMENT_CALLS } from '@union/contract';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { api } from '../../../lib/api-client';

/** What the page says for each kind of e-mail, told by the token's first letter. */
const TEXTS = {
  documents: {
    title: 'Ne plus recevoir les documents par e-mail',
    done: "Vous ne recevrez plus d'e-mail lors de la diffusion d'un document.",
    intro:
      "Vous recevez un e-mail chaque fois qu'un document qui vous est destiné est diffusé. Les documents restent consultables sur l'Intranet.",
  },
  messages: {
    title: "Ne plus recevoir les messages de l'Union par e-mail",
    done: "Vous ne recevrez plus les messages de l'Union par e-mail.",
    intro: "Les messages de l'Union restent affichés sur votre portail.",
  },
  restaurant: {
    title: 'Ne plus recevoir les menus du restaurant par e-mail',
    done: 'Vous ne recevrez plus les menus du restaurant par e-mail.',
    intro: "Les menus restent affichés sur la page du restaurant de l'Intranet.",
  },
};
const textsOf = (jeton: string) =>
  jeton.startsWith('m') ? TEXTS.messages : jeton.startsWith('r') ? TEXTS.restaurant : TEXTS.documents;

export function UnsubscribePage() {
  usePageTitle('Désinscription');
  const jeton = useSearchParams()[0].get('jeton') ?? '';
  const texts = textsOf(jeton);
  const unsubscribe = useMutation({
    mutationFn: () => api.call(DOCUMENT_CALLS.unsubscribe, { body: { jeton }, auth: false }),
  });
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto">
      <Stack gap="md">
        <Title order={2}>{texts.title}</Title>
        {!jeton ? (
          <Alert color="yellow" icon={<IconAlertTriangle />}>
            Ce lien est incomplet. Utilisez le lien de l'e-mail tel quel, ou désactivez la notification dans
            votre compte.
          </Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert color="green" icon={<IconCircleCheck />} title="C'est fait">
            {texts.done} Vous pouvez réactiver cette notification depuis votre compte.
          </Alert>
        ) : (
          <>
            <Text>{texts.intro}</Text>
            <Group>
              <Button onClick={() => unsubscribe.mutate()} loading={unsubscribe.isPending}>
                Me désinscrire
              </Button>
            </Group>
          </>
        )}
        <Group>
          <Button component={Link} to="/" variant="default">
            Retour à la page d'accueil
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
