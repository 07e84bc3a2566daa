/** Colours of the planning: one per state, or the room's own colour. */
import type { Reservation, ReservationState } from '@union/contract';
import { blend, contrastRatio, darkenUntil } from '../../../lib/contrast';

export const STATE_COLORS: Record<ReservationState, string> = {
  DC: '#f08c00',
  CR: '#2f9e44',
  DS: '#e03131',
  SU: '#868e96',
};

export type ColorMode = 'salle' | 'etat';

const STRIPE = 0.28;

/**
 * The block's background and text, readable at 4.5:1 (issue 21: white on the green #2f9e44 was 3.44:1).
 * Black text when it reads on the colour (stripes only lighten it); otherwise white, on the colour darkened
 * until white reads on it and on its lighter stripes. A room's own colour goes through the same rule.
 */
export function blockColors(color: string, pending: boolean): { background: string; text: string } {
  if (contrastRatio('#000000', color) >= 4.6) return { background: color, text: '#000000' };
  for (let ratio = 4.6; ratio < 21; ratio += 0.2) {
    const background = darkenUntil(color, ['#ffffff'], ratio);
    const lightest = pending ? blend('#ffffff', background, STRIPE) : background;
    if (contrastRatio('#ffffff', lightest) >= 4.6) return { background, text: '#ffffff' };
  }
  return { background: '#000000', text: '#ffffff' };
}

/** Background of a reservation block; requests still waiting for a decision are striped. */
export function blockStyle(r: Reservation, mode: ColorMode): React.CSSProperties {
  const pending = r.etat === 'DC' || r.etat === 'DS';
  const { background, text } = blockColors(mode === 'salle' ? r.couleurSalle : STATE_COLORS[r.etat], pending);
  return {
    backgroundColor: background,
    backgroundImage: pending
      ? `repeating-linear-gradient(135deg, rgba(255,255,255,${STRIPE}) 0 8px, transparent 8px 16px)`
      : undefined,
    color: text,
  };
}
