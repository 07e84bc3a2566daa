/**
 * Pieces of a membership's row: its flags as badges, and exactly the buttons the server allows on it
 * (EDIT, END). The features give the buttons' labels.
 */
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconDoorExit, IconPencil } from '@tabler/icons-react';
import { MembershipFlag, type Membership } from '@union/contract';

/** The flags that are on, as badges; a dash when none is. */
export function MembershipFlagBadges({ membership }: { membership: Membership }) {
  const on = MembershipFlag.codes.filter((flag) => membership[flag]);
  if (on.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4}>
      {on.map((flag) => (
        <Badge key={flag} size="sm" variant="light">
          {MembershipFlag.labels[flag]}
        </Badge>
      ))}
    </Group>
  );
}

interface ActionsProps {
  membership: Membership;
  onEdit: (m: Membership) => void;
  onEnd: (m: Membership) => void;
  /** The buttons' accessible names. */
  editLabel: string;
  endLabel: string;
  /** The end button's tooltip. */
  endTooltip: string;
}

export function MembershipRowActions({
  membership: m,
  onEdit,
  onEnd,
  editLabel,
  endLabel,
  endTooltip,
}: ActionsProps) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {m.actions.includes('EDIT') && (
        <Tooltip label="Modifier">
          <ActionIcon variant="subtle" aria-label={editLabel} onClick={() => onEdit(m)}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {m.actions.includes('END') && (
        <Tooltip label={endTooltip}>
          <ActionIcon variant="subtle" color="red" aria-label={endLabel} onClick={() => onEnd(m)}>
            <IconDoorExit size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
