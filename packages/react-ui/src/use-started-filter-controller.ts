import { createFilterController, type FilterController, type FilterControllerOptions } from '@pkg/core-filter';
import { useOwnedController } from './use-owned-controller';

const start = (controller: FilterController): void => void controller.init();

/**
 * Creates one filter controller for the component's lifetime, starts it once mounted
 * (`controller.init()`: with `initialData` for the page's address it sends nothing) and destroys it
 * on unmount. The options are read once; create a new component (a new `key`) to change them.
 * React's development double mount (`StrictMode`) neither starts it twice nor leaves it destroyed:
 * the destroy waits for the next task, and the remount in between cancels it.
 */
export function useStartedFilterController(options: FilterControllerOptions): FilterController {
  return useOwnedController(() => createFilterController(options), start);
}
