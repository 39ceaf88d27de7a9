import { createElement as h, useLayoutEffect, useRef } from 'react';

/** The panel counts of the last search answer, which the filter snapshot does not carry. */
export interface SearchTotalsStore {
  subscribe(listener: () => void): () => void;
  get(): { readonly eventType?: string; readonly totalCollection?: number; readonly totalPage?: number };
}

/** Puts an existing DOM node (with its own React roots inside) into the tree while mounted. */
export function Adopt({ node, className }: { node: Element; className?: string }) {
  const ref = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    ref.current?.appendChild(node);
    return () => node.remove();
  }, [node]);
  return h('div', { ref, className });
}

