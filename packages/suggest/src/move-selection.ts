// The keyboard selection model of the suggestion list (S4.6): pure.

/**
 * Moves the selection through `count` rows (the items, then the view-all row). `-1` is no
 * selection. Down from none goes to the first row, Down from the last row wraps to none; Up
 * from none goes to the last row, Up from the first row wraps to none.
 */
export function moveSelection(index: number, count: number, direction: 'down' | 'up'): number {
  if (count <= 0) return -1;
  const from = index >= 0 && index < count ? index : -1;
  if (direction === 'down') return from === count - 1 ? -1 : from + 1;
  return from === -1 ? count - 1 : from - 1;
}
