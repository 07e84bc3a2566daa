/**
 * A user's second factor on their page (issue 22): whether they have an authenticator, and the reset an
 * administrator makes when the person lost their phone (audited; the person is e-mailed and enrols again).
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UserDetail } from '@union/contract';
import { useRef } from 'react';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { useResetSecondFactor } from '../api/users';

export function SecondFactorCard({ user }: { user: UserDetail }) {
  const reset = useResetSecondFactor();
  const heading = useRef<HTMLHeadingElement>(null);
  const name = `${user.prenom} ${user.nom}`;

  async function confirmReset() {
    const answer = await openDialog({
      type: 'question',
      title: 'Réinitialiser la double authentification',
      text:
        `L’application d’authentification, les clés d’accès et les codes de secours de ${name} ne fonctionneront plus. ` +
        `${name} sera prévenu(e) par e-mail à ${user.email} et devra en configurer une nouvelle.`,
      okLabel: 'Réinitialiser',
    });
    if (answer !== 'ok') return;
    reset.mutate(user.id, {
      onSuccess: () => {
        toast('success', `Double authentification de ${name} réinitialisée : un e-mail l’en informe.`);
        // The button is gone: the focus goes to the card's heading rather than to the page's top.
        heading.current?.focus();
      },
    });
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="lg" ref={heading} tabIndex={-1}>
            Double authentification
          </Title>
          <Badge color={user.doubleAuthentification ? 'green' : 'gray'} variant="light">
            {user.doubleAuthentification ? 'Activée' : 'Non activée'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {user.doubleAuthentification
            ? 'Cette personne se connecte avec la double authentification : son mot de passe, puis une application d’authentification ou une clé d’accès. Si elle a perdu son téléphone, ses clés et ses codes de secours, réinitialisez-la.'
            : 'Cette personne n’a ni application d’authentification ni clé d’accès.'}
        </Text>
        {user.doubleAuthentification && !user.anonymise && (
          <Group>
            <Button
              variant="light"
              color="red"
              loading={reset.isPending}
              onClick={() =>
                // Nothing to catch: the dialog resolves, and the mutation's failure goes to the error modal.
                void confirmReset()
              }
            >
              Réinitialiser la double authentification
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
