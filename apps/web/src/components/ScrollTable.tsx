/**
 * A wide table. On a wide screen it scrolls sideways when it must: the scrolling box is focusable and
 * named, so that a keyboard user can scroll it with the arrow keys (WCAG 2.1.1; axe's
 * "scrollable-region-focusable"), and it is the containing block of what is positioned inside it (a header
 * hidden for the eye but read out), which would otherwise make the whole page scroll sideways.
 *
 * On a phone nothing scrolls sideways: each row becomes a card, each cell a line with its column's
 * header beside it (`.union-stacked-table`, app/a11y.css), the key columns first (an amount, what is due,
 * the row's action), so what people came for is never out of sight.
 */
import { Box } from '@mantine/core';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useIsPhone } from './useIsPhone';

export function ScrollTable({
  label,
  minWidth,
  keyColumns = [],
  children,
}: {
  /** What the table holds, read out when the box takes the focus (« Lignes de la pièce »). */
  label: string;
  minWidth: number;
  /** The columns (0-based) a phone's card shows first, in this order: its key figure and its action. */
  keyColumns?: number[];
  children: ReactNode;
}) {
  const phone = useIsPhone();
  const box = useRef<HTMLDivElement>(null);
  const keys = keyColumns.join(',');
  useLayoutEffect(() => {
    const element = box.current;
    if (!phone || !element) return;
    const label = () => labelCells(element, keys ? keys.split(',').map(Number) : []);
    label();
    // Rows come and go (a filter, a page, a refetch): each new cell gets its header too.
    const observer = new MutationObserver(label);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [phone, keys]);

  // One tree at every width: a window crossing the phone's width (turned, resized) keeps the table's
  // elements, so an open menu or the focus inside it stays where it is.
  return (
    <Box
      ref={box}
      className={phone ? 'union-stacked-table' : undefined}
      role="region"
      aria-label={label}
      tabIndex={phone ? undefined : 0}
      pos="relative"
      style={{ overflowX: phone ? 'visible' : 'auto' }}
    >
      <Box miw={phone ? undefined : minWidth}>{children}</Box>
    </Box>
  );
}

/**
 * Gives each body cell its column's header (`data-label`) and the key columns their place (`data-key`).
 * A table drawn as blocks loses its semantics in some browsers: the roles say it again (table, rows,
 * headers, cells), so a screen reader still reads a table.
 */
function labelCells(box: HTMLElement, keyColumns: number[]) {
  const roles: [string, string][] = [
    ['table', 'table'],
    ['thead, tbody, tfoot', 'rowgroup'],
    ['tr', 'row'],
    ['thead th', 'columnheader'],
    ['tbody th, tfoot th', 'rowheader'],
    ['td', 'cell'],
  ];
  for (const [selector, role] of roles)
    for (const element of Array.from(box.querySelectorAll(selector)))
      if (element.getAttribute('role') !== role) element.setAttribute('role', role);
  const headers = Array.from(box.querySelectorAll('thead tr:last-child th')).map(
    (th) => th.textContent?.trim() ?? '',
  );
  for (const row of Array.from(box.querySelectorAll('tbody tr, tfoot tr'))) {
    Array.from(row.children).forEach((cell, index) => {
      const header = headers[index] ?? '';
      if (cell.getAttribute('data-label') !== header) cell.setAttribute('data-label', header);
      const rank = keyColumns.indexOf(index);
      const key = rank < 0 ? null : String(rank + 1);
      if (cell.getAttribute('data-key') !== key) {
        if (key === null) cell.removeAttribute('data-key');
        else cell.setAttribute('data-key', key);
      }
    });
  }
}
