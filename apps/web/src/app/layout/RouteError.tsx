/** Shown instead of a screen that failed to render: a French message rather than the router's default page. */
import { Alert, Button, Container, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle />} title="Erreur inattendue">
          Cette page n'a pas pu s'afficher. Rechargez-la ; si le problème persiste, contactez le secrétariat
          de l'Union.
        </Alert>
        <Group>
          {/* A full load on purpose: it also fetches a new version of the application if one was deployed. */}
          <Button component="a" href="/">
            Retour à la page d'accueil
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
