/**
 * The confirmation dialog of the specification §2: an icon styled by the message type, a title, a text, an
 * optional bulleted list of details, and Ok (plus Annuler for a question, which has the focus first).
 * Static and centred: it closes only through its buttons, and answers with a promise. Closed, it gives the
 * focus back to the element that had it when it opened (WCAG 2.4.3), or to the page's heading when that
 * element is gone.
 */
import { Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconHelpCircle,
  IconInfoCircle,
  type Icon,
} from '@tabler/icons-react';
import { navigateTo } from '../lib/navigation';

type DialogType = 'info' | 'success' | 'warning' | 'danger' | 'question';
type DialogResult = 'ok' | 'cancel';

interface DialogBase {
  title: string;
  text: string;
  details?: string[];
  /** Where Ok leads, if anywhere. */
  redirection?: string;
  /** Run when Ok is pressed, before the redirection (the 401 modal ends the session there). */
  onOk?: () => void;
  /** What the question's other button says; « Annuler » by default. */
  cancelLabel?: string;
}

/**
 * A question's confirming button says what it does (« Supprimer le repas », « Envoyer 21 e-mails »):
 * required by the type, so no question can fall back to « Ok ». A message that only informs may keep
 * « Ok », which then merely acknowledges.
 */
type DialogMessage =
  | (DialogBase & { type: 'question'; okLabel: string })
  | (DialogBase & { type: Exclude<DialogType, 'question'>; okLabel?: string });

const ICONS: Record<DialogType, { icon: Icon; color: string }> = {
  info: { icon: IconInfoCircle, color: 'blue' },
  success: { icon: IconCircleCheck, color: 'green' },
  warning: { icon: IconAlertTriangle, color: 'yellow' },
  danger: { icon: IconCircleX, color: 'red' },
  question: { icon: IconHelpCircle, color: 'blue' },
};

/**
 * The element that last had the focus. A button that shows a spinner while its request runs is disabled
 * meanwhile, and the browser may drop its focus: the error dialog that follows then goes back to it.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) lastFocused = event.target;
  });
}

/** Whether the focus can go back to an element: still in the page, enabled, not in an inert part. */
const focusable = (element: HTMLElement | null): element is HTMLElement =>
  !!element &&
  element.isConnected &&
  element !== element.ownerDocument.body &&
  !element.matches(':disabled') &&
  !element.closest('[inert], [aria-hidden="true"]');

/**
 * Gives the focus back once the dialog has closed. Mantine's Modal does it too when the opener is still
 * there; this also covers an opener the answer removed or disabled (a deleted row, a form reset), where
 * the focus would fall to the page's top, and leaves alone a focus the answer moved on purpose.
 */
function returnFocus(opener: HTMLElement | null, dialogId: string) {
  // The page as it is now: by the time the timer fires it may be gone (a test's page torn down).
  const page = document;
  // After Mantine's own return (10 ms) and the release of the dialog's focus trap.
  window.setTimeout(() => {
    if (!page.defaultView) return;
    const current = page.activeElement as HTMLElement | null;
    // Lost, or still on the dialog's Ok or Annuler during its closing transition.
    const lost =
      !current ||
      current === page.body ||
      !current.isConnected ||
      !!current.closest(`[data-dialog="${dialogId}"]`);
    if (!lost) return;
    if (focusable(opener)) {
      opener.focus();
      return;
    }
    // The page's own heading, never the title of a dialog still closing.
    const heading = ['main h1', 'main h2', 'main']
      .flatMap((selector) => Array.from(page.querySelectorAll<HTMLElement>(selector)))
      .find((element) => !element.closest('[role="dialog"]'));
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
  }, 30);
}

let dialogCount = 0;

/** Opens the dialog; resolves with 'ok' or 'cancel' once the user has answered. */
export function openDialog(message: DialogMessage): Promise<DialogResult> {
  const { icon: TypeIcon, color } = ICONS[message.type] ?? ICONS.info;
  const active = document.activeElement;
  const opener = active instanceof HTMLElement && active !== document.body ? active : lastFocused;
  const dialogId = `dialog-${++dialogCount}`;
  return new Promise((resolve) => {
    const id = modals.open({
      modalId: dialogId,
      onClose: () => returnFocus(opener, dialogId),
      centered: true,
      closeOnClickOutside: false,
      closeOnEscape: false,
      withCloseButton: false,
      title: (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color={color} variant="light" size="lg" radius="xl" aria-hidden>
            <TypeIcon size={22} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            {message.title}
          </Text>
        </Group>
      ),
      children: (
        <Stack gap="md" data-dialog={dialogId}>
          <Text style={{ whiteSpace: 'pre-line' }}>{message.text}</Text>
          {message.details && message.details.length > 0 && (
            <List size="sm" spacing={4}>
              {message.details.map((detail) => (
                <List.Item key={detail}>{detail}</List.Item>
              ))}
            </List>
          )}
          <Group justify="flex-end" gap="sm">
            {message.type === 'question' && (
              // The focus starts on the harmless answer: Enter twice must not delete or send (WCAG 3.3.4).
              <Button
                variant="default"
                data-autofocus
                onClick={() => {
                  modals.close(id);
                  resolve('cancel');
                }}
              >
                {message.cancelLabel ?? 'Annuler'}
              </Button>
            )}
            <Button
              color={message.type === 'question' ? undefined : color}
              data-autofocus={message.type === 'question' ? undefined : true}
              onClick={() => {
                modals.close(id);
                message.onOk?.();
                if (message.redirection) navigateTo(message.redirection);
                resolve('ok');
              }}
            >
              {message.okLabel ?? 'Ok'}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
