import { useEffect } from 'react';

/** While `on`, the page body has `className` (a no-scroll or no-result class); it is removed after. */
export function useBodyClass(className: string, on: boolean, doc?: Document): void {
  useEffect(() => {
    const body = (doc ?? (typeof document === 'undefined' ? undefined : document))?.body;
    if (!on || !className || !body) return;
    body.classList.add(className);
    return () => body.classList.remove(className);
  }, [className, on, doc]);
}
