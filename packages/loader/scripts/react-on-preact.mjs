// What `react` resolves to in the theme file (scripts/build-theme.mjs): preact/compat, with one
// change. Preact numbers `useId` per render root (preactjs/preact#3781), and the loader renders
// one root per theme container, so two roots on a page handed out the same ids (the quick-view
// dialog was once named by the mini cart's title). Ids here are unique across the page. The theme
// file renders on the client only, so ids need not match a server render.
import compat, { useState } from 'preact/compat';

export * from 'preact/compat';
export default compat;

let next = 0;

export function useId() {
  return useState(() => `pkg-${(next++).toString(36)}`)[0];
}
