/** The preview of a batch of reminders: what will be sent, what will not and why, then « Envoyer ». */
import { Alert, Button, Group, List, Modal, Stack } from '@mantine/core';
import { plural, type ReminderBatchReport } from '@union/contract';
import { formatCents } from '../../../lib/format';
import { REMINDER_LEVELS as LEVELS } from './shared';

export function RemindersPreview({
  preview,
  sending,
  onClose,
  onConfirm,
}: {
  preview: ReminderBatchReport | null;
  sending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={!!preview} onClose={onClose} title="Aperçu de l’envoi des relances" centered size="lg">
      {preview && (
        <Stack gap="sm">
          <Alert color={preview.envoyees.length ? 'blue' : 'gray'}>
            {preview.envoyees.length
              ? `${plural(preview.envoyees.length, 'relance sera envoyée', 'relances seront envoyées')} par e-mail, avec la facture.`
              : 'Aucune relance à envoyer dans la sélection.'}
          </Alert>
          <List size="sm" aria-label="Relances à envoyer">
            {preview.envoyees.map((e) => (
              <List.Item key={e.id}>
                {e.numeroFacture} — {e.entite} : {LEVELS[e.niveau]}, reste dû {formatCents(e.reste)}
              </List.Item>
            ))}
          </List>
          {preview.ignorees.length > 0 && (
            <List size="sm" aria-label="Relances non envoyées">
              {preview.ignorees.map((e) => (
                <List.Item key={e.id}>
                  {e.numeroFacture || `n° ${e.id}`} {e.entite && `— ${e.entite}`} : {e.raison}
                </List.Item>
              ))}
            </List>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button onClick={onConfirm} loading={sending} disabled={!preview.envoyees.length}>
              {`Envoyer ${plural(preview.envoyees.length, 'relance')}`}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
