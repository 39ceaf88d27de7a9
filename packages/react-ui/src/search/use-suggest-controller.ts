import { useEffect, useState } from 'react';
import { createSuggestController, type SuggestController, type SuggestControllerOptions } from '@pkg/suggest';

/**
 * Creates one suggestion controller for the component's lifetime and destroys it on unmount.
 * The options are read once; create a new component (a new `key`) to change them.
 */
export function useSuggestController(options: SuggestControllerOptions): SuggestController {
  const [controller] = useState(() => createSuggestController(options));
  useEffect(() => () => controller.destroy(), [controller]);
  return controller;
}
