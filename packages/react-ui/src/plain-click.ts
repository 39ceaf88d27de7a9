import type { MouseEvent } from 'react';

/** A plain primary click on a link: no modifier asks the browser for a new tab, window or download, so the page may handle it. */
export const plainClick = (e: MouseEvent): boolean => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
