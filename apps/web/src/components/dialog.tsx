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
import { rescueFocus } from '../lib/focus-rescue';
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

let dialogCount = 0;

/** Opens the dialog; resolves with 'ok' or 'cancel' once the user has answered. */
export function openDialog(message: DialogMessage): Promise<DialogResult> {
  const { icon: TypeIcon, color } = ICONS[message.type] ?? ICONS.info;
  // A button that shows a spinner while its request runs is disabled meanwhile and may lose the focus:
  // the error dialog that follows then goes back to it, through the last element focused outside a dialog.
  const active = document.activeElement;
  const opener = active instanceof HTMLElement && active !== document.body ? active : null;
  const dialogId = `dialog-${++dialogCount}`;
  return new Promise((resolve) => {
    const id = modals.open({
      modalId: dialogId,
      // Also covers an opener the answer removed or disabled (a deleted row, a form reset).
      onClose: () => rescueFocus(opener ?? undefined, `[data-dialog="${dialogId}"]`),
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
