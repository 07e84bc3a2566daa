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
    okLabel: message.okLabel,
    onOk: message.endSession ? clearSession : undefined,
  }).finally(() => openTitles.delete(key));
}

/**
 * An async function as React and Mantine expect a handler (returning nothing): a failure it lets through
 * goes to the error modal, as a failed query's does, instead of floating unseen.
 */
export function asyncHandler<Args extends unknown[]>(
  run: (...args: Args) => Promise<unknown>,
): (...args: Args) => void {
  return (...args) => {
    run(...args).catch(handleApiError);
  };
}
