/**
 * The unsubscribe link of the distribution e-mails (`/desinscription?jeton=…`, public): one button turns
 * the documents notification off. A button, not the visit itself: mail scanners open links.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { API } from '@union/contract';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { api } from '../../../lib/api-client';

export function UnsubscribePage() {
  usePageTitle('Désinscription');
  const jeton = useSearchParams()[0].get('jeton') ?? '';
  const unsubscribe = useMutation({
    mutationFn: () => api.post(API.documents.unsubscribe, { jeton }, { auth: false }),
  });
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto">
      <Stack gap="md">
        <Title order={2}>Ne plus recevoir les documents par e-mail</Title>
        {!jeton ? (
          <Alert color="yellow" icon={<IconAlertTriangle />}>
            Ce lien est incomplet. Utilisez le lien de l'e-mail tel quel, ou désactivez la notification dans
            votre compte.
          </Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert color="green" icon={<IconCircleCheck />} title="C'est fait">
            Vous ne recevrez plus d'e-mail lors de la diffusion d'un document. Vous pouvez réactiver cette
            notification depuis votre compte.
          </Alert>
        ) : (
          <>
            <Text>
              Vous recevez un e-mail chaque fois qu'un document qui vous est destiné est diffusé. Les
              documents restent consultables sur l'Intranet.
            </Text>
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
