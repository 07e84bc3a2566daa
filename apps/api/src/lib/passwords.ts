/** Rules for a new password (DECISIONS §2): at least 12 characters, not the identifiant nor the e-mail. */
import { PASSWORD_MIN_LENGTH } from '@union/contract';
import { invalid } from './errors';

export function checkNewPassword(password: string, user: { identifiant: string; email: string }): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw invalid(`Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`);
  }
  const lowered = password.toLowerCase();
  if (lowered === user.identifiant.toLowerCase() || lowered === user.email.toLowerCase()) {
    throw invalid('Le mot de passe ne doit pas être votre identifiant ni votre adresse e-mail.');
  }
}
