import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSuggestController } from '@pkg/suggest';
import { SearchBox } from './SearchBox';
import { catalog, fakeService, settings } from './test-shop';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
const matches = (term: string) => catalog.filter((p) => term.split(' ').every((w) => p.title.toLowerCase().includes(w))).map((p) => p.title);

describe('SearchBox with answers arriving in any order', () => {
  it('always ends showing the answer to the last term typed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('red', 'shoe', 'hat', 'blue', 'red shoe', 'zz', 'r'), { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { minLength: 5, maxLength: 5 }),
        async (terms, keys) => {
          const service = fakeService({ hold: true });
          const controller = createSuggestController({ settings, suggest: { delay: 1 }, transport: service.transport, storage: null, pathname: '/', navigate: () => undefined });
          try {
            render(<SearchBox controller={controller} settings={settings} />);
            const input = screen.getByRole('combobox');
            for (const term of terms) {
              fireEvent.change(input, { target: { value: term } });
              await act(() => tick(5)); // past the debounce: the request is out, its answer held
            }
            const order = service.calls.map((c, i) => ({ c, k: keys[i % keys.length]! + i / 100 })).sort((a, b) => a.k - b.k);
            for (const { c } of order) await act(async () => (c.release(), tick()));
            await act(() => controller.idle());
            const last = terms.at(-1)!;
            const titles = [...document.querySelectorAll('.pkg-suggest__product-title')].map((e) => e.textContent);
            expect(titles).toEqual(matches(last));
            if (matches(last).length === 0) expect(document.querySelector('.pkg-suggest__message--empty')).toHaveTextContent(`Sorry, nothing found for "${last}".`);
          } finally {
            controller.destroy();
            cleanup();
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);
});
