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
  // The theme gives "light" badges a text shade computed to stay readable (WCAG AA) on their tint.
  return (
    <Badge color={color} variant="light" tt="none">
      {enRetard ? `${OrderState.labels[etat]} · en retard` : OrderState.labels[etat]}
    </Badge>
  );
}
