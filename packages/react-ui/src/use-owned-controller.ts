import { useEffect, useRef, useState } from 'react';

/**
 * One controller for the component's lifetime: created on the first render, `start`ed once
 * mounted, destroyed on unmount. The `create` and `start` of later renders are not read. React's
 * development double mount (`StrictMode`) neither starts it twice nor leaves it destroyed: the
 * destroy waits for the next task, and the remount in between cancels it. The one lifetime of
 * `useStartedFilterController` and `useSuggestController`.
 */
export function useOwnedController<T extends { destroy(): void }>(create: () => T, start?: (controller: T) => void): T {
  const [controller] = useState(create);
  const life = useRef<{ start: typeof start; started: boolean; ending?: ReturnType<typeof setTimeout> }>({ start, started: false });
  useEffect(() => {
    const l = life.current;
    clearTimeout(l.ending);
    if (!l.started) {
      l.started = true;
      l.start?.(controller);
    }
    return () => {
      l.ending = setTimeout(() => controller.destroy(), 0);
    };
  }, [controller]);
  return controller;
}
