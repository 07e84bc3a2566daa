/**
 * The current password asked again before a new way of signing in is added to the account (a passkey,
 * an authenticator app): the same field, label and reason wherever it is asked.
 */
import { PasswordInput } from '@mantine/core';

interface CurrentPasswordInputProps {
  value: string;
  onChange: (value: string) => void;
  /** The dialog's first field takes the focus when it opens. */
  autoFocus?: boolean;
}

export function CurrentPasswordInput({ value, onChange, autoFocus = false }: CurrentPasswordInputProps) {
  return (
    <PasswordInput
      label="Mot de passe actuel"
      description="Demandé pour ajouter un moyen de connexion à votre compte"
      autoComplete="current-password"
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-autofocus={autoFocus || undefined}
    />
  );
}
