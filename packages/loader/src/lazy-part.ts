import { lazy, type ComponentType } from 'react';

/**
 * A part of the theme loaded on demand (its own file in the theme build, a chunk in the ESM build).
 * A file that cannot be loaded gives one console error and `fallback` in its place, never an error
 * thrown into the page.
 */
export function lazyPart<P>(what: string, load: () => Promise<ComponentType<P>>, fallback: ComponentType<P>) {
  return lazy(() =>
    load().then(
      (part) => ({ default: part }),
      (e: unknown) => {
        console.error(`[@pkg/loader] The ${what} could not be loaded:`, e);
        return { default: fallback };
      },
    ),
  );
}
