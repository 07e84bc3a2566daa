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
    clear: () => {
      setPassword('');
      setConfirmation('');
    },
  };
}

interface Props {
  state: ReturnType<typeof useNewPassword>;
  confirmationLabel: string;
}

export function NewPasswordFields({ state, confirmationLabel }: Props) {
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
        error={tooShort ? `Au moins ${PASSWORD_MIN_LENGTH} caractères.` : undefined}
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
