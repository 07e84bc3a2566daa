/**
 * A new password typed twice: at least PASSWORD_MIN_LENGTH characters, and the same twice. The state
 * lives in `useNewPassword()`, the fields in `<NewPasswordFields>`.
 */
import { PasswordInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@union/contract';
import { useState } from 'react';

export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return {
    password,
    confirmation,
    setPassword,
    setConfirmation,
    /** Long enough and confirmed. */
    valid: password.length >= PASSWORD_MIN_LENGTH && confirmation === password,
    /** Why the password cannot be sent yet (the hint of the disabled submit), or null. */
    reason:
      password.length < PASSWORD_MIN_LENGTH
        ? `Le nouveau mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`
        : confirmation !== password
          ? 'Confirmez le nouveau mot de passe à l’identique.'
          : null,
    clear: () => {
      setPassword('');
      setConfirmation('');
    },
  };
}

interface Props {
  state: ReturnType<typeof useNewPassword>;
  confirmationLabel: string;
  /** The contract's message about the new password, when the form checked it before sending. */
  error?: string;
}

export function NewPasswordFields({ state, confirmationLabel, error }: Props) {
  const { password, confirmation } = state;
  const tooShort = password.length > 0 && password.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirmation.length > 0 && confirmation !== password;
  return (
    <>
      <PasswordInput
        label="Nouveau mot de passe"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => state.setPassword(event.currentTarget.value)}
        error={error ?? (tooShort ? `Au moins ${PASSWORD_MIN_LENGTH} caractères.` : undefined)}
      />
      <PasswordInput
        label={confirmationLabel}
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => state.setConfirmation(event.currentTarget.value)}
        error={mismatch ? 'Les deux mots de passe ne sont pas identiques.' : undefined}
      />
    </>
  );
}
