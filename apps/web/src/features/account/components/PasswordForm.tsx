/** Changing one's password: the current one, then the new one twice (DECISIONS §2). */
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@union/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { NewPasswordFields, useNewPassword } from '../../../components/NewPasswordFields';
import { toast } from '../../../components/toast';
import { useChangePassword } from '../api/change-password';

export function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const next = useNewPassword();
  const valid = current.length > 0 && next.valid;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    change.mutate(
      { actuel: current, data: next.password },
      {
        onSuccess: () => {
          setCurrent('');
          next.clear();
          toast('success', 'Votre mot de passe a été modifié.');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Changer de mot de passe">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Au moins {PASSWORD_MIN_LENGTH} caractères, différent de votre identifiant et de votre adresse
          e-mail.
        </Text>
        <PasswordInput
          label="Mot de passe actuel"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.currentTarget.value)}
        />
        <NewPasswordFields state={next} confirmationLabel="Confirmation du nouveau mot de passe" />
        <Group justify="flex-end">
          <Button
            type="submit"
            disabled={!valid}
            loading={change.isPending}
            leftSection={<IconDeviceFloppy size={18} />}
          >
            Changer le mot de passe
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
