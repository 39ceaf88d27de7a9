// Server rendering: the first answer for an address, computed once on the server (through the
// engine in-process or the hosted service) and handed to the browser as JSON, so that the
// hydrating controller starts where the server's render did and sends no request.
import { checkOptionTypes } from './option-checks';
import { createFilterControllerWith, isSettings, type FilterControllerOptions, type FilterInitialData } from './filter-controller';
import { builtInKinds } from './filter-option';
import { createKindRegistry } from './option-kind';
import { createSettings } from './create-settings';
import { collectionActions } from './filter-state';
import { normalizeFilterAnswer } from './normalize-product';
import type { AnswerReader } from './read-answer';
import { resolveTransport } from './resolve-transport';
import type { Settings, SettingsInput } from './settings';

export interface LoadFilterDataOptions extends Pick<FilterControllerOptions, 'transport' | 'fetch' | 'kinds' | 'panelTabs' | 'sid' | 'timers'> {
  settings: Settings | SettingsInput;
  /** The page's path and query, e.g. `/collections/shoes?pf_v_vendor=Acme&page=2`. */
  url: string;
  /** The time of the answer (ms); `Date.now()` by default. */
  now?: () => number;
  /**
   * The answer reader of the page's controller, whose request side the first request is built
   * with: `normalizeFilterAnswer` (the default) for `createFilterController`; `readFilterAnswer`
   * for a lean page's `createFilterControllerWith` without a reader. With in-browser currency
   * conversion (S1.5) the two send the address's price selections differently (converted back
   * to the shop's currency, or as they are), so the server asks what the page would ask.
   */
  readAnswer?: AnswerReader<unknown>;
}

/**
 * Sends the first request a page at `url` makes and returns its answer with the address and time,
 * plain JSON to embed in the server's HTML. Give it back as `initialData` to the controller that
 * renders on the server and to the one that hydrates in the browser: both start answered, and
 * `init()` sends nothing. Pass the page controller's reader as `readAnswer` when it is not
 * `normalizeFilterAnswer`. A failed request rejects with the transport's error.
 */
export async function loadFilterData(options: LoadFilterDataOptions): Promise<FilterInitialData> {
  const settings: Settings = isSettings(options.settings) ? options.settings : createSettings(options.settings);
  const target = new URL(options.url, 'https://server.invalid');
  const url = target.pathname + target.search;
  const now = options.now ?? (() => Date.now());
  const base = resolveTransport(settings, { transport: options.transport, fetch: options.fetch, timers: options.timers });
  let answer: { value: unknown } | undefined;
  const controller = createFilterControllerWith(options.kinds ? createKindRegistry(options.kinds) : builtInKinds(), {
    settings,
    readAnswer: options.readAnswer ?? normalizeFilterAnswer,
    checks: checkOptionTypes,
    // Never clicked here, but its kinds include the collection ones, which need their actions.
    collections: collectionActions,
    transport: async (request, init) => {
      const value = await base(request, init);
      answer = { value };
      return value;
    },
    location: { pathname: target.pathname, search: target.search },
    sessionStorage: null,
    navigate: () => {},
    now,
    ...(options.panelTabs ? { panelTabs: options.panelTabs } : {}),
    ...(options.sid ? { sid: options.sid } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
  });
  try {
    const at = now();
    await controller.init();
    const error = controller.getSnapshot().error;
    if (!answer) throw error ?? new Error(`[@pkg/core-filter] No answer for '${url}'.`);
    return { url, at, answer: answer.value };
  } finally {
    controller.destroy();
  }
}
