import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import type { FilterController, FilterControllerOptions } from '@pkg/core-filter';
import { describe, expect, it } from 'vitest';
import { FilterProvider, useFilter } from './filter-context';
import { demoEngine, testSettings } from './test-utils/demo-shop';
import { useStartedFilterController } from './use-started-filter-controller';

/** Options over the in-process engine, recording every request sent. */
function options(requests: string[]): FilterControllerOptions {
  return {
    settings: testSettings,
    location: { pathname: '/collections/all', search: '' },
    window: null,
    fetch: (input, init) => {
      requests.push(String(input));
      return demoEngine().fetch(input, init);
    },
  };
}

const seen: FilterController[] = [];

function Total() {
  return <p data-testid="total">{useFilter((s) => (s.fetched ? s.totalProduct : -1))}</p>;
}

function Page({ requests }: { requests: string[] }) {
  const controller = useStartedFilterController(options(requests));
  seen.push(controller);
  const [, rerender] = useState(0);
  return (
    <FilterProvider controller={controller}>
      <button type="button" onClick={() => rerender((n) => n + 1)}>
        again
      </button>
      <Total />
    </FilterProvider>
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
/** Waits for the first answer to reach the page. */
const answered = () => waitFor(() => expect(Number(screen.getByTestId('total').textContent)).toBeGreaterThan(0));

describe('useStartedFilterController', () => {
  it('creates one controller, starts it once mounted, and keeps it over renders', async () => {
    seen.length = 0;
    const requests: string[] = [];
    render(<Page requests={requests} />);
    await answered();
    expect(requests).toHaveLength(1);
    act(() => screen.getByRole('button', { name: 'again' }).click());
    expect(new Set(seen).size).toBe(1);
    await settle();
    expect(requests).toHaveLength(1);
  });

  it('is started once and stays alive under StrictMode, which mounts, unmounts and mounts again', async () => {
    seen.length = 0;
    const requests: string[] = [];
    render(
      <StrictMode>
        <Page requests={requests} />
      </StrictMode>,
    );
    await answered();
    await settle();
    expect(requests).toHaveLength(1);
    const controller = seen.at(-1)!;
    // Not destroyed by the simulated unmount: a later change still fetches and reaches the page.
    await act(() => controller.setPage(2));
    expect(requests).toHaveLength(2);
    expect(controller.getSnapshot().pagination.currentPage).toBe(2);
  });

  it('destroys the controller on unmount: nothing is fetched after it', async () => {
    seen.length = 0;
    const requests: string[] = [];
    const { unmount } = render(<Page requests={requests} />);
    await answered();
    const controller = seen[0]!;
    unmount();
    await settle();
    await controller.setPage(2);
    expect(requests).toHaveLength(1);
  });
});
