import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { FilterController, FilterSnapshot } from '@pkg/core-filter';
import type { FilterOptionActions } from './FilterOptionBlock';
import { useStore } from './use-store';

const FilterContext = createContext<FilterController | null>(null);

export interface FilterProviderProps {
  controller: FilterController;
  children?: ReactNode;
}

/** How long a mounted provider waits for its controller's first request before it warns. */
export const NOT_STARTED_WARNING_MS = 2000;

/**
 * Makes a core-filter controller available to the components below it. In development, a
 * controller that has sent nothing 2 s after mounting gets one warning: the tree and listing stay
 * empty until `controller.init()` is called.
 */
export function FilterProvider({ controller, children }: FilterProviderProps) {
  useEffect(() => {
    // Development only: the usual check, so that a production bundle drops the timer and its text.
    if (typeof process === 'object' && process.env.NODE_ENV !== 'production') {
      const id = setTimeout(() => {
        const s = controller.getSnapshot();
        if (s.status === 'idle' && !s.fetched) console.warn('[@pkg/react-ui] The filter controller has not been started: call controller.init() once after creating it. Until then the tree and the listing stay empty.');
      }, NOT_STARTED_WARNING_MS);
      return () => clearTimeout(id);
    }
    return undefined;
  }, [controller]);
  return <FilterContext.Provider value={controller}>{children}</FilterContext.Provider>;
}

/** The controller of the nearest FilterProvider; its methods are the actions components call. */
export function useFilterController(): FilterController {
  const controller = useContext(FilterContext);
  if (!controller) {
    throw new Error(
      typeof process === 'object' && process.env.NODE_ENV !== 'production'
        ? '[@pkg/react-ui] No filter controller found. Wrap the component in <FilterProvider controller={createFilterController(...)}>.'
        : '[@pkg/react-ui] No FilterProvider.',
    );
  }
  return controller;
}

/** The controller of the nearest FilterProvider, or null outside one. */
export function useOptionalFilterController(): FilterController | null {
  return useContext(FilterContext);
}

/**
 * Reads a slice of the filter snapshot. The component re-renders only when the slice changes
 * (compared with `isEqual`), which is the partial re-render of large trees (F4.23).
 */
export function useFilter<T>(selector: (snapshot: FilterSnapshot) => T, isEqual?: (a: T, b: T) => boolean): T {
  return useStore(useFilterController(), selector, isEqual);
}

/** The option blocks' actions on the nearest controller: the one set every tree gives its blocks. */
export function useFilterOptionActions(): FilterOptionActions {
  const controller = useFilterController();
  return useMemo(
    () => ({
      select: (id, v) => controller.select(id, v),
      setRange: (id, a, b) => controller.setRange(id, a, b),
      setRangeFromInputs: (id, a, b) => controller.setRangeFromInputs(id, a, b),
      selectCollection: (id, k) => controller.selectCollection(id, k),
      selectCollectionTag: (id, t, k) => controller.selectCollectionTag(id, t, k),
      clearOption: (id) => controller.clear('option', id),
    }),
    [controller],
  );
}
