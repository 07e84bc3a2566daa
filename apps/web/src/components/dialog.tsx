/**
 * The confirmation dialog of the specification §2: an icon styled by the message type, a title, a text, an
 * optional bulleted list of details, and Ok (plus Annuler for a question). Static and centred: it closes
 * only through its buttons, and answers with a promise.
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

export type DialogType = 'info' | 'success' | 'warning' | 'danger' | 'question';
export type DialogResult = 'ok' | 'cancel';

export interface DialogMessage {
  type: DialogType;
  title: string;
  text: string;
  details?: string[];
  /** Where Ok leads, if anywhere. */
  redirection?: string;
  /** Run when Ok is pressed, before the redirection (the 401 modal ends the session there). */
  onOk?: () => void;
}

const ICONS: Record<DialogType, { icon: Icon; color: string }> = {
  info: { icon: IconInfoCircle, color: 'blue' },
  success: { icon: IconCircleCheck, color: 'green' },
  warning: { icon: IconAlertTriangle, color: 'yellow' },
  danger: { icon: IconCircleX, color: 'red' },
  question: { icon: IconHelpCircle, color: 'blue' },
};

/** Opens the dialog; resolves with 'ok' or 'cancel' once the user has answered. */
export function openDialog(message: DialogMessage): Promise<DialogResult> {
  const { icon: TypeIcon, color } = ICONS[message.type] ?? ICONS.info;
  return new Promise((resolve) => {
    const id = modals.open({
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
        <Stack gap="md">
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
              <Button
                variant="default"
                onClick={() => {
                  modals.close(id);
                  resolve('cancel');
                }}
              >
                Annuler
              </Button>
            )}
            <Button
              color={message.type === 'question' ? undefined : color}
              data-autofocus
              onClick={() => {
                modals.close(id);
                message.onOk?.();
                if (message.redirection) navigateTo(message.redirection);
                resolve('ok');
              }}
            >
              Ok
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
