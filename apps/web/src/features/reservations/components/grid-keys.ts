/**
 * The arrow keys of the planning's grids (ARIA grid pattern, one roving tab stop): where the focus goes
 * from a cell, as a [row, column] pair, or null when the key is not one of the grid's.
 */
export function gridMove(
  key: string,
  [row, col]: [number, number],
  rows: number,
  cols: number,
): [number, number] | null {
  const clamp = (r: number, c: number): [number, number] => [
    Math.min(Math.max(r, 0), rows - 1),
    Math.min(Math.max(c, 0), cols - 1),
  ];
  switch (key) {
    case 'ArrowUp':
      return clamp(row - 1, col);
    case 'ArrowDown':
      return clamp(row + 1, col);
    case 'ArrowLeft':
      return clamp(row, col - 1);
    case 'ArrowRight':
      return clamp(row, col + 1);
    case 'Home':
      return [row, 0];
    case 'End':
      return [row, cols - 1];
    default:
      return null;
  }
}
