/** A user's state as a coloured badge. */
import { Badge } from '@mantine/core';
import { UserState } from '@union/contract';

const COLORS: Record<UserState, string> = { A: 'green', I: 'gray', S: 'red' };

export function UserStateBadge({ etat }: { etat: UserState }) {
  return (
    <Badge color={COLORS[etat]} variant="light">
      {UserState.labels[etat]}
    </Badge>
  );
}
