import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterProvider, NOT_STARTED_WARNING_MS } from './filter-context';
import { FilterTree } from './FilterTree';
import { demoController } from './test-utils/demo-shop';

describe('FilterProvider', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('warns once in development when the controller was never started (an empty tree otherwise says nothing)', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { controller } = demoController();
    render(
      <FilterProvider controller={controller}>
        <FilterTree />
      </FilterProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(NOT_STARTED_WARNING_MS));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/call controller\.init\(\)/);
  });

  it('stays quiet when the controller is started', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { controller } = demoController();
    render(
      <FilterProvider controller={controller}>
        <FilterTree />
      </FilterProvider>,
    );
    void controller.init();
    await act(() => vi.advanceTimersByTimeAsync(NOT_STARTED_WARNING_MS));
    expect(warn.mock.calls.filter((c) => /controller\.init/.test(String(c[0])))).toEqual([]);
  });
});
