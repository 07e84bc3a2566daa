/**
 * The global error handler of the specification §8: logs every failure, then shows the catalogue's modal.
 * The sign-in refusal is left to the login form. The same modal is not stacked twice (several queries
 * failing together with 401 show one).
 */
import { openDialog } from './dialog';
import { errorMessageFor } from '../lib/error-catalogue';
import { clearSession } from '../lib/session';

const openTitles = new Set<string>();

export function handleApiError(error: unknown): void {
  console.error(error);
  const message = errorMessageFor(error);
  if (!message) return;
  const key = `${message.title}\n${message.text}`;
  if (openTitles.has(key)) return;
  openTitles.add(key);
  void openDialog({
    type: message.severity,
    title: message.title,
    text: message.text,
    details: message.details,
    redirection: message.redirection,
    onOk: message.endSession ? clearSession : undefined,
  }).finally(() => openTitles.delete(key));
}
