/**
 * The sessions opened before the double authentication was enabled (a password alone opened them):
 * how many besides this one, and ending them at once. Shown in « Mes sessions », and right after a
 * factor is enabled.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEndSessionsBeforeSecondFactor, useSessions } from '../api/second-factor';

export function SessionsBeforeSecondFactor() {
  const { data: sessions } = useSessions();
  const end = useEndSessionsBeforeSecondFactor();
  if (end.data) {
    const n = end.data.terminees;
    return (
      <Alert color="green" icon={<IconCircleCheck />}>
        {n <= 1 ? `${n} session terminée.` : `${n} sessions terminées.`}
      </Alert>
    );
  }
  const n = sessions?.filter((s) => s.avantSecondFacteur && !s.courante).length ?? 0;
  if (n === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle />}
      title="Sessions ouvertes avant la double authentification"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {n === 1
            ? '1 session a été ouverte avant l’activation de la double authentification.'
            : `${n} sessions ont été ouvertes avant l’activation de la double authentification.`}{' '}
          Si ce n’est pas vous qui les avez ouvertes, terminez-les : cette session-ci reste ouverte.
        </Text>
        <Button size="xs" color="orange" loading={end.isPending} onClick={() => end.mutate()}>
          {n === 1 ? 'Terminer cette session' : 'Terminer ces sessions'}
        </Button>
      </Stack>
    </Alert>
  );
}
