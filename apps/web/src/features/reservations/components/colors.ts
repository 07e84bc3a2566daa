/** Colours of the planning: one per state, or the room's own colour. */
import type { Reservation, ReservationState } from '@union/contract';

export const STATE_COLORS: Record<ReservationState, string> = {
  DC: '#f08c00',
  CR: '#2f9e44',
  DS: '#e03131',
  SU: '#868e96',
};

export type ColorMode = 'salle' | 'etat';

/** Background of a reservation block; requests still waiting for a decision are striped. */
export function blockStyle(r: Reservation, mode: ColorMode): React.CSSProperties {
  const color = mode === 'salle' ? r.couleurSalle : STATE_COLORS[r.etat];
  const pending = r.etat === 'DC' || r.etat === 'DS';
  return {
    backgroundColor: color,
    backgroundImage: pending
      ? 'repeating-linear-gradient(135deg, rgba(255,255,255,0.28) 0 8px, transparent 8px 16px)'
      : undefined,
    color: 'white',
  };
}
