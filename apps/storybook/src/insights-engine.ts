// Engines for the insights dashboard's stories: the demo catalog with the insights route, filled
// by replaying a fixed set of shopper actions through the engine (searches, suggestion requests,
// filter requests, analytics events), so every figure the dashboard shows is computed by the
// engine from its store, never canned.
import { createEngine, type Catalog, type Engine } from '@pkg/engine';
import { createInsightsRoute } from '@pkg/engine/insights';
import { createEngineHandlers } from '@pkg/engine/msw';
import catalog from '../../../data/luma/catalog.json';

export const STORY_TOKEN = 'story-owner-token';

/** What the fixture shoppers search for, how often, and which listed product (0-based) they click; null: no click. */
const SEARCHES: Array<[term: string, times: number, click: number | null, addToCart: boolean]> = [
  ['jacket', 6, 1, true],
  ['hoodie', 4, 0, true],
  ['yoga pants', 3, 2, false],
  ['tee', 3, null, false],
  ['bag', 2, 0, false],
  ['unicorn onesie', 2, null, false],
  ['xqzt', 1, null, false],
];

const FILTERS = ['pf_v_vendor[]=Luma', 'pf_opt_color[]=Black', 'pf_opt_color[]=Blue', 'pf_opt_size[]=M'];

function replay(engine: Engine): void {
  let n = 0;
  const track = (pid: string, u: string, a: string, r: string) =>
    engine.handle({ method: 'POST', url: '/api/analytics', body: JSON.stringify({ id: `story-${++n}`, tid: 'luma.example', ct: 'c', pid, t: '2026-11-20T10:00:00Z', u, a, qs: '', r, sid: `s${n % 5}` }) });
  for (const [term, times, click, add] of SEARCHES) {
    for (let i = 0; i < times; i++) {
      const answer = JSON.parse(engine.handle({ method: 'GET', url: `/api/search?q=${encodeURIComponent(term)}&event_type=init&limit=12` }).body) as { products: Array<{ id: number | string }> };
      const picked = click === null ? undefined : answer.products[click];
      if (picked && i % 2 === 0) {
        const r = `https://luma.example/search?q=${encodeURIComponent(term)}`;
        track(String(picked.id), 'view_product', 'search', r);
        if (add) track(String(picked.id), 'add_to_cart', 'search', r);
      }
    }
  }
  FILTERS.forEach((f, i) => {
    for (let k = 0; k <= i; k++) engine.handle({ method: 'GET', url: `/api/filter?collection_scope=0&${f}&event_type=filter` });
  });
  for (const typed of ['j', 'ja', 'jac', 'jack', 'h', 'ho', 'hoo', 'xq']) engine.handle({ method: 'GET', url: `/api/suggest?q=${typed}&event_type=suggest` });
  track('1', 'quick_view', 'suggest', 'https://luma.example/');
}

function insightsEngine(fill: boolean) {
  const engine = createEngine(catalog as unknown as Catalog, { moneyFormat: '${{amount}}', routes: [createInsightsRoute({ token: STORY_TOKEN })] });
  if (fill) replay(engine);
  return engine;
}

/** msw handlers over an engine holding the fixture shoppers' actions. */
export const filledInsightsHandlers = createEngineHandlers(insightsEngine(true));
/** msw handlers over an engine that has seen nothing yet. */
export const emptyInsightsHandlers = createEngineHandlers(insightsEngine(false));
