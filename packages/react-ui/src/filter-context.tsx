import { createContext, useContext, type ReactNode } from 'react';
import type { FilterController, FilterSnapshot } from '@pkg/core-filter';
import { useStore } from './use-store';

const FilterContext = createContext<FilterController | null>(null);

export interface FilterProviderProps {
  controller: FilterController;
  children?: ReactNode;
}

/** Makes a core-filter controller available to the components below it. */
export function FilterProvider({ controller, children }: FilterProviderProps) {
  return <FilterContext.Provider value={controller}>{children}</FilterContext.Provider>;
}

/** The controller of the nearest FilterProvider; its methods are the actions components call. */
export function useFilterController(): FilterController {
  const controller = useContext(FilterContext);
  if (!controller) {
    throw new Error('[@pkg/react-ui] No filter controller found. Wrap the component in <FilterProvider controller={createFilterController(...)}>.');
  }
  return controller;
}

/**
 * Reads a slice of the filter snapshot. The component re-renders only when the slice changes
 * (compared with `isEqual`), which is the partial re-render of large trees (F4.23).
 */
export function useFilter<T>(selector: (snapshot: FilterSnapshot) => T, isEqual?: (a: T, b: T) => boolean): T {
  return useStore(useFilterController(), selector, isEqual);
}
