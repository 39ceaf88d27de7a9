import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FilterProvider } from './filter-context';
import { MobileFilterTree, type MobileStyle } from './MobileFilterTree';
import { ScrollToTop } from './ScrollToTop';
import { demoController } from './test-utils/demo-shop';

async function mount(mobileStyle: MobileStyle, url = '/collections/all', settings: Parameters<typeof demoController>[1] = {}) {
  const { controller, requests } = demoController(url, settings);
  const utils = render(
    <FilterProvider controller={controller}>
      <MobileFilterTree mobileStyle={mobileStyle} />
    </FilterProvider>,
  );
  await act(() => controller.init());
  await waitFor(() => expect(controller.getSnapshot().status).toBe('success'));
  return { ...utils, controller, requests, user: userEvent.setup() };
}

describe('MobileFilterTree', () => {
  it('[F2.6, F4.25] the toggle opens the panel, the body gets the no-scroll class, and the overlay closes it', async () => {
    const { user } = await mount('default');
    const toggle = screen.getByRole('button', { name: 'Filter', expanded: false });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Filter' })).toBeVisible();
    expect(document.body).toHaveClass('pkg-no-scroll');
    await user.click(screen.getByTestId('pkg-mobile-overlay'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.body).not.toHaveClass('pkg-no-scroll');
    expect(toggle).toHaveFocus();
  });

  it('names the open panel once: one "Filter" heading, the panel\'s own', async () => {
    const { user } = await mount('default');
    await user.click(screen.getByRole('button', { name: 'Filter', expanded: false }));
    const dialog = screen.getByRole('dialog', { name: 'Filter' });
    expect(within(dialog).getAllByRole('heading', { name: 'Filter' })).toHaveLength(1);
    expect(within(dialog).getAllByRole('heading').length).toBeGreaterThan(1);
  });

  it('keeps Tab inside the open panel (a modal dialog): Tab on its last control goes to the first, Shift+Tab on the first to the last', async () => {
    const { user } = await mount('default');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const showResults = within(dialog).getByRole('button', { name: /^Show Results/ });
    showResults.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(showResults).toHaveFocus();
  });

  it('draws a desktop tree in its drawer with device="pc", and puts icons before the toggle\'s and the close button\'s texts, hidden from screen readers', async () => {
    // Options start collapsed on a PC only: which device the tree inside is drawn for shows in its toggles.
    const { controller } = demoController('/collections/all', { filter: { collapseOnPC: true } });
    render(
      <FilterProvider controller={controller}>
        <MobileFilterTree device="pc" icon={<svg data-testid="open-icon" />} closeIcon={<svg data-testid="close-icon" />} />
      </FilterProvider>,
    );
    await act(() => controller.init());
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Filter' });
    expect(screen.getByTestId('open-icon').parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(toggle.firstElementChild).toBe(screen.getByTestId('open-icon').parentElement);
    await user.click(toggle);
    const dialog = screen.getByRole('dialog', { name: 'Filter' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toContainElement(screen.getByTestId('close-icon'));
    const toggles = [...dialog.querySelectorAll('.pkg-filter-option__toggle')];
    expect(toggles.length).toBeGreaterThan(2);
    expect(toggles.map((t) => t.getAttribute('aria-expanded'))).toEqual(toggles.map(() => 'false'));
  });

  it('closes on Escape', async () => {
    const { user } = await mount('default');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('[F2.9, F2.10] style 2 opens one option at a time with a back button and a per-option clear, and hides clear-all while an option is open', async () => {
    const { user } = await mount('style2', '/collections/all?pf_opt_size=XS');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Clear All' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: /^Size/ }));
    expect(within(dialog).getByRole('heading', { name: 'Size' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: /^Clear\s*Size$/ })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Clear All' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: /^Brand/ })).toBeVisible();
  });

  it('[F2.10, F4.25] style 4 labels the back button Apply, and the open option is reset when the tree closes', async () => {
    const { user } = await mount('style4');
    const toggle = screen.getByRole('button', { name: 'Filter' });
    await user.click(toggle);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Size/ }));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' })).toBeVisible();
    await user.click(toggle);
    await user.click(toggle);
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: /^Size/ })).toBeVisible();
  });

  it('[F2.11] style 3 lists every option and shows the selected values under its title', async () => {
    const { user } = await mount('style3', '/collections/all?pf_opt_size=XS');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.querySelector('.pkg-mobile-tree__selected')?.textContent).toBe('XS');
    expect(dialog.querySelectorAll('[data-option-id]').length).toBeGreaterThan(3);
  });

  it('[F4.9, F4.21] a horizontal layout without instant requests: in the one-at-a-time and list styles a choice and a clear wait for the panel\'s Apply; style 4\'s Apply and Show Results apply them', async () => {
    const horizontal = { filter: { filterLayout: 'horizontal' as const, requestInstantly: false } };
    for (const style of ['style2', 'style3', 'style4'] as const) {
      const { user, controller, requests, unmount } = await mount(style, '/collections/all', horizontal);
      await user.click(screen.getByRole('button', { name: 'Filter' }));
      const dialog = screen.getByRole('dialog');
      if (style !== 'style3') await user.click(within(dialog).getByRole('button', { name: /^Size/ }));
      const n = requests.length;
      await user.click(within(dialog).getByRole('checkbox', { name: /^XS/ }));
      expect(within(dialog).getByRole('checkbox', { name: /^XS/ })).toBeChecked();
      expect(requests.length).toBe(n);
      const footer = dialog.querySelector<HTMLElement>('.pkg-mobile-tree__footer')!;
      if (style === 'style4') {
        // Style 4's back button is its Apply.
        await user.click(within(dialog.querySelector<HTMLElement>('.pkg-mobile-tree__option-header')!).getByRole('button', { name: 'Apply' }));
      } else {
        await user.click(within(footer).getByRole('button', { name: 'Apply' }));
      }
      await waitFor(() => expect(controller.getSnapshot().state.filters).toHaveProperty('pf_opt_size', ['XS']));
      expect(requests.length).toBe(n + 1);
      expect(within(footer).queryByRole('button', { name: 'Apply' })).toBeNull();
      // Clear all (shown with no option open, F2.10) waits too (F4.21); Show Results applies it and closes the panel.
      if (style === 'style2') await user.click(within(dialog).getByRole('button', { name: 'Back' }));
      await user.click(within(dialog).getByRole('button', { name: 'Clear All' }));
      expect(controller.getSnapshot().state.filters).toHaveProperty('pf_opt_size', ['XS']);
      expect(within(footer).getByRole('button', { name: 'Apply' })).toBeVisible();
      await user.click(within(footer).getByRole('button', { name: /^Show Results/ }));
      await waitFor(() => expect(controller.getSnapshot().state.filters).not.toHaveProperty('pf_opt_size'));
      expect(controller.getSnapshot().eventType).toBe('clearAll');
      expect(screen.queryByRole('dialog')).toBeNull();
      unmount();
    }
  });

  it('[F2.4] the footer button shows the result count in brackets', async () => {
    const { user, controller } = await mount('default');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByRole('button', { name: `Show Results (${controller.getSnapshot().totalProduct})` })).toBeVisible();
  });
});

describe('ScrollToTop', () => {
  it('[S4.20] appears once the page is scrolled past 100 px', async () => {
    const listeners = new Set<() => void>();
    let scrolledTo: unknown = null;
    const win = {
      scrollY: 0,
      scrollTo: (o: unknown) => (scrolledTo = o),
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    } as unknown as Window;
    render(<ScrollToTop window={win} />);
    expect(screen.queryByRole('button')).toBeNull();
    (win as { scrollY: number }).scrollY = 100;
    act(() => listeners.forEach((l) => l()));
    expect(screen.queryByRole('button')).toBeNull();
    (win as { scrollY: number }).scrollY = 101;
    act(() => listeners.forEach((l) => l()));
    await userEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scrolledTo).toEqual({ top: 0, behavior: 'smooth' });
  });
});
