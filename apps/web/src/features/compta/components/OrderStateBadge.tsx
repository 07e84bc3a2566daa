/** An order's state as a coloured badge (quotes in blue shades, invoices by how far they went). */
import { Badge } from '@mantine/core';
import { OrderState } from '@union/contract';

const COLORS: Record<OrderState, string> = {
  DC: 'blue',
  DE: 'indigo',
  DR: 'gray',
  DA: 'gray',
  FC: 'yellow',
  FE: 'orange',
  FP: 'green',
  FA: 'gray',
};

export function OrderStateBadge({ etat, enRetard = false }: { etat: OrderState; enRetard?: boolean }) {
  const color = enRetard ? 'red' : COLORS[etat];
  // Dark text on a light tint keeps the contrast readable (WCAG AA) whatever the colour.
  return (
    <Badge
      color={color}
      variant="light"
      style={{ textTransform: 'none', color: `var(--mantine-color-${color}-9)` }}
    >
      {enRetard ? `${OrderState.labels[etat]} · en retard` : OrderState.labels[etat]}
    </Badge>
  );
}
