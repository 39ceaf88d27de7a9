import { createSuggestController, type SuggestController, type SuggestControllerOptions } from '@pkg/suggest';
import { useOwnedController } from '../use-owned-controller';

/**
 * Creates one suggestion controller for the component's lifetime and destroys it on unmount.
 * The options are read once; create a new component (a new `key`) to change them. React's
 * development double mount (`StrictMode`) does not leave it destroyed: the destroy waits for the
 * next task, and the remount in between cancels it.
 */
export function useSuggestController(options: SuggestControllerOptions): SuggestController {
  return useOwnedController(() => createSuggestController(options));
}
