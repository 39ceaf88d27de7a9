// Benchmark (not a timed assertion): in Chromium, with the engine in-process over the Luma demo
// catalog, the time from the end of the debounce (the suggestion request leaving) to the
// dropdown rendered for that term. The play function prints the numbers and shows them in the
// story; the README records a run.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import '@pkg/react-ui/styles.css';
import { SearchBox, useSuggestController } from '@pkg/react-ui';
import { demoEngine } from '../../src/demo-engine';
import { demoSettings } from '../../src/story-controller';

const TERMS = ['jacket', 'hoodie', 'tee', 'pants', 'bag', 'yoga', 'shorts', 'tank', 'bra', 'watch', 'shirt', 'sweatshirt', 'running', 'gym', 'fitness', 'backpack', 'bottle', 'women', 'men', 'blue', 'black', 'red', 'green', 'sale', 'cotton'];
const sent = new Map<string, number>();
let current: ReturnType<typeof useSuggestController> | null = null;

function Bench() {
  const controller = useSuggestController({
    settings: demoSettings,
    storage: null,
    pathname: '/',
    navigate: () => undefined,
    // The engine in-process: no service worker, no network.
    fetch: (input, init) => {
      const url = new URL(String(input), 'http://bench.local');
      const q = url.searchParams.get('q');
      if (q !== null && !sent.has(q)) sent.set(q, performance.now());
      return demoEngine.fetch(url.href, init);
    },
  });
  current = controller;
  return (
    <div style={{ padding: 16, minHeight: 700 }}>
      <div style={{ width: 420 }}>
        <SearchBox controller={controller} settings={demoSettings} />
      </div>
      <pre data-testid="bench" />
    </div>
  );
}

const meta = { title: 'Search/Benchmark', component: Bench, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof Bench>;
export default meta;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/** Key press (after the debounce) to rendered dropdown, per term; prints median, p95 and max. */
export const KeyPressToDropdown: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox');
    const samples: number[] = [];
    for (const term of TERMS) {
      await userEvent.clear(input);
      const done = new Promise<number>((resolve) => {
        const check = () => {
          const s = current?.getSnapshot();
          if (s?.result?.query === term && canvasElement.querySelector('[role="listbox"] [role="option"]')) {
            observer.disconnect();
            resolve(performance.now());
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(canvasElement, { childList: true, subtree: true, attributes: true });
      });
      await userEvent.type(input, term);
      const rendered = await done;
      const start = sent.get(term);
      await expect(start).toBeDefined();
      samples.push(rendered - start!);
    }
    const f = (n: number) => `${n.toFixed(1)} ms`;
    const line = `key press (after debounce) -> dropdown rendered, ${samples.length} terms, Luma demo catalog in-process: median ${f(quantile(samples, 0.5))}, p95 ${f(quantile(samples, 0.95))}, max ${f(Math.max(...samples))}`;
    console.log(`[bench] ${line}`);
    canvasElement.querySelector('[data-testid="bench"]')!.textContent = line;
    await waitFor(() => expect(samples).toHaveLength(TERMS.length));
  },
};
