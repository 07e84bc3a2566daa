/**
 * The files waiting, being sent or sent: each with its progress bar, its state said as it changes, a
 * cancel button until it is sent, the server's refusal under it, and a link to the published document.
 * A document published whose PDF text could not be indexed carries the server's warning (the search
 * will find it by its title only).
 */
import { Alert, Anchor, Button, Card, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import type { DocumentPublished } from '@union/contract';
import { Link } from 'react-router';
import type { UploadItem } from '../../../components/useUploadQueue';
import { formatSize } from './format';

interface Props {
  items: UploadItem<DocumentPublished>[];
  onCancel: (id: UploadItem['id']) => void;
  onRemove: (id: UploadItem['id']) => void;
}

export function UploadQueueList({ items, onCancel, onRemove }: Props) {
  return (
    <>
      {items.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Fichiers à envoyer"
        >
          {items.map((item) => (
            <QueueRow
              key={item.id}
              item={item}
              onCancel={() => onCancel(item.id)}
              onRemove={() => onRemove(item.id)}
            />
          ))}
        </Stack>
      )}
    </>
  );
}

const STATE_TEXT: Record<UploadItem['state'], string> = {
  ready: 'En attente',
  uploading: 'Envoi en cours',
  success: 'Publié',
  error: 'Refusé',
  cancelled: 'Annulé',
};

/** What the progress bar reads out: the percentage, in French, and the file's state. */
const progressText = (item: Pick<UploadItem, 'progress' | 'state'>) =>
  `${item.progress} % – ${STATE_TEXT[item.state]}`;

function QueueRow({
  item,
  onCancel,
  onRemove,
}: {
  item: UploadItem<DocumentPublished>;
  onCancel: () => void;
  onRemove: () => void;
}) {
  const published = item.state === 'success' ? item.response : undefined;
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} style={{ wordBreak: 'break-word' }}>
            {item.name}{' '}
            <Text span size="sm" c="dimmed">
              ({formatSize(item.size)})
            </Text>
          </Text>
          {/* The bar says in French where the file is (« 45 % – Envoi en cours »), not Mantine's « 45% ». */}
          <Progress.Root>
            <Progress.Section
              value={item.progress}
              color={
                item.state === 'error'
                  ? 'red'
                  : item.state === 'success'
                    ? 'green'
                    : item.state === 'cancelled'
                      ? 'gray'
                      : 'blue'
              }
              withAria={false}
              role="progressbar"
              aria-label={`Progression de l'envoi de ${item.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={item.progress}
              aria-valuetext={progressText(item)}
            />
          </Progress.Root>
          <Text size="sm" c={item.state === 'error' ? 'red' : 'dimmed'} aria-live="polite">
            {STATE_TEXT[item.state]}
            {item.state === 'uploading' ? ` : ${item.progress} %` : ''}
            {item.state === 'error' && item.error ? ` : ${item.error.message}` : ''}
          </Text>
          {published?.avertissement && (
            <Alert color="yellow" variant="light" p="xs" role="status">
              <Text size="sm">{published.avertissement}</Text>
            </Alert>
          )}
          {published && (
            <Anchor component={Link} to={`/app/doc/${published.id}`} size="sm">
              Ouvrir « {published.titre} »
            </Anchor>
          )}
        </Stack>
        {item.state === 'uploading' || item.state === 'ready' ? (
          <Button variant="subtle" color="red" size="xs" onClick={onCancel}>
            Annuler
          </Button>
        ) : (
          <CloseButton aria-label={`Retirer ${item.name} de la liste`} onClick={onRemove} />
        )}
      </Group>
    </Card>
  );
}
