// A search box over the demo engine (through msw) for the stories.
import { useState } from 'react';
import { SearchBox, useSuggestController, type SearchBoxProps, type SearchBoxTranslations } from '@pkg/react-ui';
import { demoSettings } from '../../src/story-controller';

export interface DemoSearchProps extends Pick<SearchBoxProps, 'style' | 'display' | 'listPerRow' | 'width' | 'mobile' | 'showMobileSubmit' | 'maxHeight' | 'maxWidth' | 'productPosition' | 'showLoading' | 'header' | 'mobileStyle'> {
  /** Text direction of the page around the box. */
  dir?: 'ltr' | 'rtl';
  /** Recent searches stored before the story starts (turns the on-click block on). */
  recent?: string[];
  /** Width of the area the box sits in (e.g. 375 for a phone). */
  frame?: number;
  translations?: Partial<SearchBoxTranslations>;
  labels?: Record<string, string>;
  /** Suggestion settings (S9.8), e.g. `enableDefaultResult: false`. */
  suggest?: Parameters<typeof useSuggestController>[0]['suggest'];
}

/**
 * The box, plus an output that shows where the box would have navigated (the stories never leave
 * the page: navigation and submit are recorded instead).
 */
export function DemoSearch({ dir = 'ltr', recent, frame, translations, labels, suggest, ...box }: DemoSearchProps) {
  const [went, setWent] = useState('');
  const settings = useState(() => ({ ...demoSettings, ...(labels ? { labels } : {}) }))[0];
  const controller = useSuggestController({
    settings,
    fetch: (input, init) => globalThis.fetch(input, init),
    storage: null,
    pathname: '/',
    suggest: { ...suggest, ...(recent ? { recentSearches: true } : {}) },
    navigate: (url) => setWent(url),
    submitSearch: (term) => setWent(`/search?q=${encodeURIComponent(term)}`),
  });
  useState(() => recent?.slice().reverse().forEach((t) => controller.recentSearches.add(t)));
  return (
    <div dir={dir} lang="en" style={{ width: frame ?? 'auto', minHeight: 720, padding: 16, boxSizing: 'border-box', border: frame ? '1px dashed #9aa5b1' : undefined }}>
      <header style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
        <strong>Luma</strong>
        <div style={{ flex: '0 1 420px', minWidth: 0 }}>
          <SearchBox controller={controller} settings={settings} {...box} {...(translations ? { translations } : {})} />
        </div>
      </header>
      <main>
        <p>
          Navigated to: <span data-testid="went">{went}</span>
        </p>
        <button type="button">Somewhere else</button>
      </main>
    </div>
  );
}
