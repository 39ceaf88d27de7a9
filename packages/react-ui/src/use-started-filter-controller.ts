import { useEffect, useRef, useState } from 'react';
import { createFilterController, type FilterController, type FilterControllerOptions } from '@pkg/core-filter';

/**
 * Creates one filter controller for the component's lifetime, starts it once mounted
 * (`controller.init()`: with `initialData` for the page's address it sends nothing) and destroys it
 * on unmount. The options are read once; create a new component (a new `key`) to change them.
 * React's development double mount (`StrictMode`) neither starts it twice nor leaves it destroyed:
 * the destroy waits for the next task, and the remount in between cancels it.
 */
export function useStartedFilterController(options: FilterControllerOptions): FilterController {
  const [controller] = useState(() => createFilterController(options));
  const life = useRef<{ started: boolean; ending?: ReturnType<typeof setTimeout> }>({ started: false });
  useEffect(() => {
    const l = life.current;
    clearTimeout(l.ending);
    if (!l.started) {
      l.started = true;
      void controller.init();
    }
    return () => {
      l.ending = setTimeout(() => controller.destroy(), 0);
    };
  }, [controller]);
  return controller;
}
