import type { KeyboardEvent } from 'react';

const FOCUSABLE = ':is(a[href],button,input,select,textarea,[tabindex]):not(:disabled,[tabindex="-1"])';

/**
 * Keeps Tab inside a modal dialog (`aria-modal`): Tab on its last focusable element goes to the
 * first, Shift+Tab on the first (or on the dialog itself) to the last. The dialog's keydown handler.
 */
export function wrapTab(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab') return;
  const box = e.currentTarget;
  const all = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const at = box.ownerDocument.activeElement;
  const to = e.shiftKey ? (at === all[0] || at === box ? all.at(-1) : null) : at === all.at(-1) ? all[0] : null;
  if (to) {
    e.preventDefault();
    to.focus();
  }
}
