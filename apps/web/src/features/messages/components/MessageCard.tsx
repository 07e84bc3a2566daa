/**
 * A broadcast message as the portal shows it: its level's colour and icon, its title, its plain text
 * with line breaks kept and links made clickable (built as elements, never as HTML).
 */
import { Alert, Anchor, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconUrgent } from '@tabler/icons-react';
import { MessageLevel, linkify, type MessageLevel as Level } from '@union/contract';

const LOOK: Record<Level, { color: string; Icon: typeof IconInfoCircle }> = {
  info: { color: 'blue', Icon: IconInfoCircle },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  danger: { color: 'red', Icon: IconUrgent },
};

interface MessageCardProps {
  titre: string;
  texte: string;
  niveau: Level;
  /** Shows the close button that hides the message for oneself. */
  onHide?: () => void;
}

export function MessageCard({ titre, texte, niveau, onHide }: MessageCardProps) {
  const { color, Icon } = LOOK[niveau];
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={20} aria-hidden />}
      title={
        <>
          <VisuallyHidden>{MessageLevel.labels[niveau]} : </VisuallyHidden>
          {titre}
        </>
      }
      withCloseButton={Boolean(onHide)}
      onClose={onHide}
      closeButtonLabel={`Masquer le message « ${titre} »`}
      role={niveau === 'info' ? 'status' : 'alert'}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
        {linkify(texte).map((piece, i) =>
          piece.kind === 'link' ? (
            <Anchor key={i} href={piece.href} target="_blank" rel="noopener noreferrer" inherit>
              {piece.text}
            </Anchor>
          ) : (
            <span key={i}>{piece.text}</span>
          ),
        )}
      </Text>
    </Alert>
  );
}
