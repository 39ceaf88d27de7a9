import { useEffect, useState } from 'react';
import type { Insights } from '@pkg/engine/insights';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SortableTable } from './sortable-table';

export interface InsightsDashboardProps {
  /** The owner's token, sent as `Authorization: Bearer <token>` (never in the URL). */
  token: string;
  /** Where the API lives (default `/api`). */
  apiBase?: string;
  /** Called when the server refuses the token (401). */
  onUnauthorized?: () => void;
  /** Default the global fetch. */
  fetch?: typeof globalThis.fetch;
}

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: Insights };

const pct = (v: unknown) => `${Math.round(Number(v) * 1000) / 10}%`;
const num = (v: unknown) => String(v);
// Columns several tables share.
const QUERY = { key: 'query', label: 'Query' } as const;
const SEARCHES = { key: 'searches', label: 'Searches', numeric: true } as const;
const AVG_RESULTS = { key: 'avgResults', label: 'Avg. results', numeric: true, format: num } as const;
const CLICKS = { key: 'clicks', label: 'Clicks', numeric: true } as const;
const ADDS = { key: 'addToCarts', label: 'Adds to cart', numeric: true } as const;
const CLICK_THROUGH = { key: 'clickThrough', label: 'Click-through', numeric: true, format: pct } as const;

/** The shop owner's search insights for a date range: totals, two charts and sortable tables. */
export function InsightsDashboard({ token, apiBase = '/api', onUnauthorized, fetch: fetchImpl }: InsightsDashboardProps) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [state, setState] = useState<State>({ status: 'loading' });
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    const query = new URLSearchParams();
    if (from) query.set('from', from);
    if (to) query.set('to', to);
    setState({ status: 'loading' });
    const f = fetchImpl ?? globalThis.fetch;
    f(`${apiBase}/insights${query.size ? `?${query}` : ''}`, { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal })
      .then(async (res) => {
        if (res.status === 401) {
          onUnauthorized?.();
          throw new Error('The token was refused.');
        }
        const body = (await res.json()) as Insights & { message?: string };
        if (!res.ok) throw new Error(body.message ?? `HTTP ${res.status}`);
        setState({ status: 'ready', data: body });
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setState({ status: 'error', message: e instanceof Error ? e.message : String(e) });
      });
    return () => ctrl.abort();
  }, [from, to, token, apiBase, reload, fetchImpl, onUnauthorized]);

  return (
    <main className="ins">
      <h1>Search insights</h1>
      <form className="ins-range" aria-label="Date range" onSubmit={(e) => e.preventDefault()}>
        <label>
          From <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="button" onClick={() => (setFrom(''), setTo(''))}>
          All time
        </button>
        <button type="button" onClick={() => setReload((n) => n + 1)}>
          Refresh
        </button>
      </form>
      <div aria-live="polite" className="ins-status">
        {state.status === 'loading' ? 'Loading…' : state.status === 'error' ? `Could not load insights: ${state.message}` : ''}
      </div>
      {state.status === 'ready' ? <Report data={state.data} /> : null}
    </main>
  );
}

function Report({ data }: { data: Insights }) {
  const t = data.totals;
  const totals: Array<[string, number]> = [
    ['Events', t.events],
    ['Searches', t.searches],
    ['Searches with no result', t.noResultSearches],
    ['Product clicks', t.clicks],
    ['Adds to cart', t.addToCarts],
    ['Suggestion requests', t.suggestRequests],
    ['Filter requests', t.filterRequests],
  ];
  const top = data.topQueries.slice(0, 10);
  return (
    <>
      <section aria-labelledby="ins-totals">
        <h2 id="ins-totals">Totals</h2>
        <dl className="ins-totals">
          {totals.map(([label, value]) => (
            <div key={label} data-total={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="ins-charts" className="ins-charts">
        <h2 id="ins-charts">Charts</h2>
        <figure>
          <figcaption id="ins-chart-top">Top queries by searches</figcaption>
          {top.length ? (
            <div role="img" aria-labelledby="ins-chart-top" aria-describedby="ins-chart-top-text">
              <ResponsiveContainer width="100%" height={240}>
                <BarChart data={top} layout="vertical" margin={{ left: 24 }} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis type="number" allowDecimals={false} />
                  <YAxis type="category" dataKey="query" width={120} />
                  <Tooltip />
                  <Bar dataKey="searches" fill="#1f5fa8" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          ) : (
            <p className="ins-empty">No searches in this range.</p>
          )}
          <p id="ins-chart-top-text" className="ins-sr">{top.map((q) => `${q.query}: ${q.searches}`).join('; ')}</p>
        </figure>
        <figure>
          <figcaption id="ins-chart-ctr">Click-through by position</figcaption>
          {data.clickThroughByPosition.length ? (
            <div role="img" aria-labelledby="ins-chart-ctr" aria-describedby="ins-chart-ctr-text">
              <ResponsiveContainer width="100%" height={240}>
                <LineChart data={data.clickThroughByPosition.map((p) => ({ ...p, percent: Math.round(p.clickThrough * 1000) / 10 }))} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="position" />
                  <YAxis unit="%" />
                  <Tooltip />
                  <Line dataKey="percent" stroke="#1f5fa8" isAnimationActive={false} />
                </LineChart>
              </ResponsiveContainer>
            </div>
          ) : (
            <p className="ins-empty">No search results shown in this range.</p>
          )}
          <p id="ins-chart-ctr-text" className="ins-sr">
            {data.clickThroughByPosition.map((p) => `position ${p.position}: ${p.clicks} clicks of ${p.impressions}`).join('; ')}
          </p>
        </figure>
      </section>
      <section aria-labelledby="ins-tables">
        <h2 id="ins-tables">Details</h2>
        <SortableTable
          caption="Top queries"
          rows={data.topQueries}
          empty="No searches in this range."
          columns={[QUERY, SEARCHES, AVG_RESULTS, CLICKS, ADDS, CLICK_THROUGH]}
        />
        <SortableTable
          caption="Queries with no result"
          rows={data.noResultQueries}
          empty="Every search found something."
          columns={[
            QUERY,
            SEARCHES,
            { key: 'lastAt', label: 'Last searched', format: (v) => new Date(String(v)).toLocaleString() },
          ]}
        />
        <SortableTable
          caption="Queries with results but no click"
          rows={data.noClickQueries}
          empty="Every query with results led to a click."
          columns={[QUERY, SEARCHES, AVG_RESULTS]}
        />
        <SortableTable
          caption="Click-through by position"
          rows={data.clickThroughByPosition}
          empty="No search results shown in this range."
          columns={[
            { key: 'position', label: 'Position', numeric: true },
            { key: 'impressions', label: 'Shown', numeric: true },
            CLICKS,
            CLICK_THROUGH,
          ]}
        />
        <SortableTable
          caption="Filter use"
          rows={data.filterUse}
          empty="No filter used in this range."
          columns={[
            { key: 'option', label: 'Option' },
            { key: 'value', label: 'Value' },
            { key: 'selections', label: 'Turned on', numeric: true },
            { key: 'listings', label: 'Listings shown with it', numeric: true },
          ]}
        />
        <SortableTable
          caption="Add to cart by query"
          rows={data.addToCartByQuery}
          empty="No add to cart after a search in this range."
          columns={[
            QUERY,
            ADDS,
            { key: 'buyNows', label: 'Buy now', numeric: true },
          ]}
        />
        <SortableTable
          caption={`Suggestion use: ${data.suggestionUse.requests} requests, ${data.suggestionUse.events.view_product + data.suggestionUse.events.quick_view} clicks, ${data.suggestionUse.events.add_to_cart + data.suggestionUse.events.buy_now} adds to cart from the dropdown`}
          rows={data.suggestionUse.topTerms}
          empty="No suggestion requests in this range."
          columns={[
            { key: 'term', label: 'Typed term' },
            { key: 'requests', label: 'Requests', numeric: true },
            { key: 'empty', label: 'Nothing found', numeric: true },
          ]}
        />
        <p className="ins-note">
          {data.clicksWithoutPosition} clicks had no position (the product was not in a logged answer to that query). Positions and no-result counts come from the searches this server answered; clicks and adds to cart from the shop&apos;s analytics events.
        </p>
      </section>
    </>
  );
}
