/** Changing one's password: the current one, then the new one twice (DECISIONS §2). */
import { Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH, PasswordChangeSchema } from '@union/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import {
  NEW_PASSWORD_VALUES,
  NewPasswordFields,
  newPasswordReason,
  type NewPasswordValues,
} from '../../../components/NewPasswordFields';
import { SubmitButton } from '../../../components/SubmitButton';
import { toast } from '../../../components/toast';
import { useChangePassword } from '../api/change-password';

interface FormValues extends NewPasswordValues {
  actuel: string;
}

// What the server receives: the current password and the new one (the confirmation stays here).
const bodyOf = ({ actuel, data }: FormValues) => ({ actuel, data });

export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<FormValues>({
    initialValues: { actuel: '', ...NEW_PASSWORD_VALUES },
    validate: contractResolver(PasswordChangeSchema, bodyOf),
  });
  const reason =
    form.values.actuel.length === 0 ? 'Saisissez votre mot de passe actuel.' : newPasswordReason(form.values);

  function submit(values: FormValues) {
    if (reason) return;
    change.mutate(PasswordChangeSchema.parse(bodyOf(values)), {
      onSuccess: () => {
        form.reset();
        toast('success', 'Votre mot de passe a été modifié.');
      },
    });
  }

  return (
    <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalid)} aria-label="Changer de mot de passe">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Au moins {PASSWORD_MIN_LENGTH} caractères, différent de votre identifiant et de votre adresse
          e-mail.
        </Text>
        <PasswordInput
          label="Mot de passe actuel"
          autoComplete="current-password"
          required
          {...form.getInputProps('actuel')}
        />
        <NewPasswordFields form={form} confirmationLabel="Confirmation du nouveau mot de passe" />
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
