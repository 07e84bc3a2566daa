/** Changing one's password: the current one, then the new one twice (DECISIONS §2). */
import { Group, PasswordInput, Stack, Text } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, PasswordChangeSchema } from '@union/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useContractCheck } from '../../../components/forms/contract-form';
import { NewPasswordFields, useNewPassword } from '../../../components/NewPasswordFields';
import { SubmitButton } from '../../../components/SubmitButton';
import { toast } from '../../../components/toast';
import { useChangePassword } from '../api/change-password';

export function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const next = useNewPassword();
  const { errors, check } = useContractCheck(['actuel', 'data']);
  const reason = current.length === 0 ? 'Saisissez votre mot de passe actuel.' : next.reason;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason) return;
    const body = check(PasswordChangeSchema, { actuel: current, data: next.password });
    if (!body) return;
    change.mutate(body, {
      onSuccess: () => {
        setCurrent('');
        next.clear();
        toast('success', 'Votre mot de passe a été modifié.');
      },
    });
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
          error={errors.actuel}
        />
        <NewPasswordFields
          state={next}
          confirmationLabel="Confirmation du nouveau mot de passe"
          error={errors.data}
        />
        <Group justify="flex-end">
          <SubmitButton
            disabledReason={reason}
            loading={change.isPending}
            leftSection={<IconDeviceFloppy size={18} />}
          >
            Changer le mot de passe
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
