import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { FilterController, FilterSnapshot } from '@pkg/core-filter';
import { RefineBy, shallowEqual, useFilter, useFilterController } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
import { withDemoEngine } from '../../src/demo-engine';
import { StoryShop } from '../../src/story-controller';

interface Args {
  /** The page with the applied filters in its address. */
  url: string;
  onClearValue(optionId: string, value: string): void;
  onClearOption(optionId: string): void;
  onClearAll(): void;
}

const slice = (s: FilterSnapshot) => ({ options: s.options, labels: s.settings.labels, clearAllVisible: s.clearAllVisible, fetched: s.fetched });

/** Refine-by over the engine's answer; each clear is recorded and sent to the controller. */
function EngineRefineBy({ onClearValue, onClearOption, onClearAll }: Omit<Args, 'url'>) {
  const controller = useFilterController();
  const { options, labels, clearAllVisible, fetched } = useFilter(slice, shallowEqual);
  if (!fetched) return <p>Loading…</p>;
  return (
    <>
      <RefineBy
        options={options}
        labels={labels}
        clearAllVisible={clearAllVisible}
        onClearValue={(id, v) => {
          onClearValue(id, v);
          void controller.clear('value', id, v);
        }}
        onClearOption={(id) => {
          onClearOption(id);
          void controller.clear('option', id);
        }}
        onClearAll={() => {
          onClearAll();
          void controller.clear('all');
        }}
      />
      <p data-testid="answered">Answered</p>
    </>
  );
}

let shop: FilterController | undefined;
const keep = (c: FilterController) => (shop = c);

function RefineByStory({ url, ...rest }: Args) {
  return (
    <StoryShop url={url} onController={keep}>
      <div style={{ width: 280 }}>
        <EngineRefineBy {...rest} />
      </div>
    </StoryShop>
  );
}

const applied = '/collections/all?pf_v_vendor=Luma&pf_v_vendor=Juno+Athletics&pf_opt_size=M&pf_p_price=20%3A60&page=2';

const meta = {
  title: 'Components/RefineBy',
  component: RefineByStory,
  args: { url: applied, onClearValue: fn(), onClearOption: fn(), onClearAll: fn() },
  beforeEach: withDemoEngine,
} satisfies Meta<typeof RefineByStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = (el: HTMLElement) => within(el).findByRole('region', { name: 'Refine By' }, { timeout: 5000 });
const state = () => shop!.getSnapshot().state;

/** Values of three options applied (two brands, a size, a price range): one button each. */
export const SeveralValues: Story = {
  parameters: { visual: { variants: ['rtl'] } },
  play: async ({ canvasElement }) => {
    const r = within(await region(canvasElement));
    await expect(r.getByRole('button', { name: 'Clear Brand: Luma' })).toBeVisible();
    await expect(r.getByRole('button', { name: 'Clear Brand: Juno Athletics' })).toBeVisible();
    await expect(r.getByRole('button', { name: 'Clear Size: M' })).toBeVisible();
    await expect(r.getByRole('button', { name: 'Clear Price: $20.00-$60.00' })).toBeVisible();
    // A per-option clear only where an option holds more than one value; clear all once.
    await expect(r.getAllByRole('button', { name: /^Clear (Brand|Size|Price)$/ }).map((b) => b.textContent)).toEqual(['Clear Brand']);
    await expect(r.getByRole('button', { name: 'Clear All' })).toBeVisible();
  },
};

/** One value's button removes only that value, and the page goes back to 1. */
export const ClearOneValue: Story = {
  name: '[F4.19] Clearing one value removes only that value and resets the page to 1',
  play: async ({ canvasElement, args }) => {
    const r = within(await region(canvasElement));
    await expect(state().page).toBe(2);
    await userEvent.click(r.getByRole('button', { name: 'Clear Brand: Luma' }));
    await expect(args.onClearValue).toHaveBeenCalledWith('pf_v_vendor', 'Luma');
    await waitFor(() => expect(r.queryByRole('button', { name: 'Clear Brand: Luma' })).toBeNull());
    await expect(r.getByRole('button', { name: 'Clear Brand: Juno Athletics' })).toBeVisible();
    await expect(r.getByRole('button', { name: 'Clear Size: M' })).toBeVisible();
    await expect(state().filters).toEqual({ pf_v_vendor: ['Juno Athletics'], pf_opt_size: ['M'], pf_p_price: ['20:60'] });
    await expect(state().page).toBe(1);
    // Brand holds one value now: its per-option clear is gone.
    await expect(r.queryByRole('button', { name: 'Clear Brand' })).toBeNull();
    // The range value clears the whole range.
    await userEvent.click(r.getByRole('button', { name: /^Clear Price: / }));
    await waitFor(() => expect(r.queryByRole('button', { name: /^Clear Price: / })).toBeNull());
    await expect(state().filters.pf_p_price).toBeUndefined();
  },
};

/** The per-option clear removes every value of that option. */
export const ClearOption: Story = {
  name: '[F4.19] Clearing an option removes all its values',
  play: async ({ canvasElement, args }) => {
    const r = within(await region(canvasElement));
    await userEvent.click(r.getByRole('button', { name: 'Clear Brand' }));
    await expect(args.onClearOption).toHaveBeenCalledWith('pf_v_vendor');
    await waitFor(() => expect(r.queryByRole('button', { name: /^Clear Brand/ })).toBeNull());
    await expect(state().filters).toEqual({ pf_opt_size: ['M'], pf_p_price: ['20:60'] });
  },
};

/** Clear all removes every value; with nothing applied the block (and clear all) is gone. */
export const ClearAll: Story = {
  name: '[F4.19, F4.20] Clear all removes every value and then hides itself',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const r = within(await region(canvasElement));
    await userEvent.click(r.getByRole('button', { name: 'Clear All' }));
    await expect(args.onClearAll).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(c.queryByRole('region', { name: 'Refine By' })).toBeNull());
    await expect(state().filters).toEqual({});
    await expect(state().page).toBe(1);
    await expect(shop!.getSnapshot().clearAllVisible).toBe(false);
  },
};

/** Nothing applied: nothing is rendered. */
export const NothingApplied: Story = {
  name: '[F4.20] Nothing applied: no refine-by block and no clear all',
  args: { url: '/collections/all' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await c.findByTestId('answered', {}, { timeout: 5000 });
    await expect(c.queryByRole('region', { name: 'Refine By' })).toBeNull();
    await expect(c.queryByRole('button', { name: 'Clear All' })).toBeNull();
  },
};
