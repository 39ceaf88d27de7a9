import { useEffect, useState } from 'react';
import { createSearchPanels, type SearchPanels, type SearchPanelsOptions } from '@pkg/suggest';

/** Creates the search-page panels once for the component's lifetime (options are read once). */
export function useSearchPanels(options: SearchPanelsOptions, totals?: Parameters<SearchPanels['update']>[0] | null): SearchPanels {
  const [panels] = useState(() => createSearchPanels(options));
  // Each search answer updates the counts; an `init` answer decides which tabs show (S4.12).
  useEffect(() => {
    if (totals) panels.update(totals);
  }, [panels, totals]);
  return panels;
}
