import { describe, expect, it, vi } from 'vitest';
import { mapLegacyHooks } from './legacy-hooks';

describe('mapLegacyHooks', () => {
  it('[F4.24] maps the legacy hook object onto the component hooks, keeping `this`', () => {
    const calls: string[] = [];
    const hooks = {
      prefix: 'x',
      beforeInit() {
        calls.push(`beforeInit ${this.prefix}`);
      },
      buildProductItem(p: { title: string }, i: number) {
        return i === 0 ? `<div class="theme-item">${p.title}</div>` : '';
      },
    };
    const mapped = mapLegacyHooks(hooks);
    mapped.beforeInit({} as never);
    expect(calls).toEqual(['beforeInit x']);
    const ctx = { url: '/products/a', display: 'grid', moneyFormat: '${{amount}}' };
    expect(mapped.productItemHtml?.({ title: 'A' } as never, 0, ctx)).toBe('<div class="theme-item">A</div>');
    // An empty answer keeps the default card.
    expect(mapped.productItemHtml?.({ title: 'B' } as never, 1, ctx)).toBeNull();
    expect(mapped.unknown).toEqual(['prefix']);
  });

  it('has no item renderer without buildProductItem, and tolerates any value', () => {
    for (const v of [undefined, null, 3, 'x', {}, [() => '<p>x</p>']]) {
      const m = mapLegacyHooks(v);
      expect(m.productItemHtml).toBeNull();
      expect(m.unknown).toEqual([]);
      expect(() => m.afterRender({} as never, {} as never)).not.toThrow();
    }
  });

  it('[S8.12] a throwing theme hook (third-party code) is logged to the console and the page goes on', () => {
    const error = vi.fn();
    const m = mapLegacyHooks(
      {
        beforeRender() {
          throw new Error('boom');
        },
        buildProductItem() {
          throw new Error('bad');
        },
      },
      { error },
    );
    expect(() => m.beforeRender({} as never)).not.toThrow();
    expect(m.productItemHtml?.({} as never, 0, { url: '', display: 'grid', moneyFormat: '' })).toBeNull();
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls[0]?.[0]).toBe('[@pkg/loader] The beforeRender hook threw; the page goes on without it.');
  });
});
