/** « Utiliser une clé d’accès » at the second step of the login page (issue 22), for an account with one. */
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { passkeyErrorMessage, usePasskeySignIn } from '../api/passkey-sign-in';

export function PasskeySecondStepButton({ mfaToken, onDone }: { mfaToken: string; onDone: () => void }) {
  const signIn = usePasskeySignIn();
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        leftSection={<IconKey size={18} aria-hidden />}
        loading={signIn.isPending}
        onClick={() => signIn.mutate(mfaToken, { onSuccess: onDone })}
        fullWidth
      >
        Utiliser une clé d’accès
      </Button>
      {signIn.isError && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {passkeyErrorMessage(signIn.error)}
        </Alert>
      )}
    </Stack>
  );
}
