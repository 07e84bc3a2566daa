/**
 * A wide table that scrolls sideways on a phone. The scrolling box is focusable and named, so that a
 * keyboard user can scroll it with the arrow keys (WCAG 2.1.1; axe's "scrollable-region-focusable"): a
 * table of plain text has nothing else inside to take the focus. The box is the containing block of what
 * is positioned inside it (a header hidden for the eye but read out): otherwise that would stick out of the
 * box and make the whole page scroll sideways.
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  /** What the table holds, read out when the box takes the focus ("Lignes de la commande"). */
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      tabIndex={0}
      role="region"
      aria-label={label}
      pos="relative"
    >
      {children}
    </Table.ScrollContainer>
  );
}
