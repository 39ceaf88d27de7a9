/**
 * Whether an element lays out right to left (its computed direction: a `dir` attribute or CSS),
 * for the arrow keys and pointer positions that follow the visual direction.
 */
export function isRightToLeft(el: Element): boolean {
  return el.ownerDocument.defaultView?.getComputedStyle(el).direction === 'rtl';
}
