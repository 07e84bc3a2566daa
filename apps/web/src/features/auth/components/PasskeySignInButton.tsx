/** « Se connecter avec une clé d’accès » on the login page (issue 22): a sign-in without the password. */
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { passkeyErrorMessage, usePasskeySignIn } from '../api/passkey-sign-in';

export function PasskeySignInButton({ onDone }: { onDone: () => void }) {
  const signIn = usePasskeySignIn();
  return (
    <Stack gap="xs" mt="md">
      <Divider label="ou" labelPosition="center" />
      <Button
        variant="default"
        leftSection={<IconKey size={18} aria-hidden />}
        loading={signIn.isPending}
        onClick={() => signIn.mutate(undefined, { onSuccess: onDone })}
        fullWidth
      >
        Se connecter avec une clé d’accès
      </Button>
      {signIn.isError && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {passkeyErrorMessage(signIn.error)}
        </Alert>
      )}
    </Stack>
  );
}
