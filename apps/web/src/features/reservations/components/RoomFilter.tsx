/** One room or the whole building: the planning's room filter (« salle » in the address). */
import { NativeSelect } from '@mantine/core';
import type { Room } from '@union/contract';

export function RoomFilter({
  rooms,
  room,
  onChange,
}: {
  rooms: Room[];
  /** The room shown alone, or null for the whole building. */
  room: number | null;
  onChange: (salle: string) => void;
}) {
  return (
    <NativeSelect
      size="xs"
      aria-label="Filtrer par salle"
      value={room === null ? '' : String(room)}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[
        { value: '', label: 'Tout le bâtiment' },
        ...rooms.map((r) => ({ value: String(r.id), label: r.nom })),
      ]}
    />
  );
}
