/**
 * A new password typed twice: at least PASSWORD_MIN_LENGTH characters, and the same twice. The two
 * fields are `data` (the contract's name of the password) and `confirmation` of the form's values
 * (`NEW_PASSWORD_VALUES`); `newPasswordReason` says what is still wrong, `<NewPasswordFields>` shows them.
 */
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '@union/contract';

export interface NewPasswordValues {
  /** The new password. */
  data: string;
  confirmation: string;
}

export const NEW_PASSWORD_VALUES: NewPasswordValues = { data: '', confirmation: '' };

/** Why the password cannot be sent yet (the hint of the disabled submit), or null when it can. */
export function newPasswordReason({ data, confirmation }: NewPasswordValues): string | null {
  if (data.length < PASSWORD_MIN_LENGTH)
    return `Le nouveau mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`;
  if (confirmation !== data) return 'Confirmez le nouveau mot de passe à l’identique.';
  return null;
}

/** What the fields need of the form (a @mantine/form `useForm` whose values hold both fields). */
interface NewPasswordForm {
  values: NewPasswordValues;
  getInputProps: (path: 'data' | 'confirmation') => GetInputPropsReturnType;
}

interface Props {
  form: NewPasswordForm;
  confirmationLabel: string;
}

export function NewPasswordFields({ form, confirmationLabel }: Props) {
  const { data, confirmation } = form.values;
  const tooShort = data.length > 0 && data.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirmation.length > 0 && confirmation !== data;
  const password = form.getInputProps('data');
  return (
    <>
      <PasswordInput
        label="Nouveau mot de passe"
        autoComplete="new-password"
        required
        {...password}
        // The contract's message when the form checked it before sending; else what the typing shows.
        error={password.error ?? (tooShort ? `Au moins ${PASSWORD_MIN_LENGTH} caractères.` : undefined)}
      />
      <PasswordInput
        label={confirmationLabel}
        autoComplete="new-password"
        required
        {...form.getInputProps('confirmation')}
        error={mismatch ? 'Les deux mots de passe ne sont pas identiques.' : undefined}
      />
    </>
  );
}
