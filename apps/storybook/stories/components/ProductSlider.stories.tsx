import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ProductCard, ProductSlider } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
import { withDemoEngine } from '../../src/demo-engine';
import { useEngineProducts } from '../../src/engine-answer';
import { StoryShop } from '../../src/story-controller';

interface Args {
  /** The listing whose products fill the slider. */
  url: string;
  title: string;
  /** Items visible at once (4 by default, 2 on mobile). */
  visible?: number;
  mobile?: boolean;
}

/** The slider over the products of the engine's listing answer, each shown as the default card. */
function EngineSlider(shown: Omit<Args, 'url'>) {
  const { products, fetched, moneyFormat, urlOf } = useEngineProducts();
  if (!fetched) return <p>Loading…</p>;
  return (
    <>
      <ProductSlider {...shown} products={products} renderItem={(p, i) => <ProductCard product={p} url={urlOf(p)} position={i} display="grid" moneyFormat={moneyFormat} titleLevel={3} />} />
      <p data-testid="answered">{`${products.length} products answered`}</p>
    </>
  );
}

function SliderStory({ url, ...rest }: Args) {
  return (
    <StoryShop url={url}>
      <div style={{ maxWidth: 960 }}>
        <EngineSlider {...rest} />
      </div>
    </StoryShop>
  );
}

const meta = {
  title: 'Components/ProductSlider',
  component: SliderStory,
  // The five sold-out products of the demo catalog: two positions with four visible.
  args: { url: '/collections/all?pf_st_stock=out-of-stock', title: 'Sold out' },
  beforeEach: withDemoEngine,
} satisfies Meta<typeof SliderStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const slider = async (el: HTMLElement, name: string) => {
  const region = await within(el).findByRole('region', { name }, { timeout: 5000 });
  const r = within(region);
  return { region, prev: r.getByRole('button', { name: 'Previous' }), next: r.getByRole('button', { name: 'Next' }), slides: () => r.getAllByRole('listitem').map((li) => li.getAttribute('aria-label')) };
};

/** Four of five visible: previous shut at the start; next shifts by one and shuts at the end. */
export const FewProducts: Story = {
  name: '[S4.22] Previous is disabled at the start, next at the end, and both while a shift settles',
  play: async ({ canvasElement }) => {
    const { prev, next, slides } = await slider(canvasElement, 'Sold out');
    await expect(slides()).toEqual(['1 / 5', '2 / 5', '3 / 5', '4 / 5']);
    await expect(prev).toHaveAttribute('aria-disabled', 'true');
    await expect(next).toHaveAttribute('aria-disabled', 'false');
    await userEvent.click(next);
    await expect(slides()).toEqual(['2 / 5', '3 / 5', '4 / 5', '5 / 5']);
    // The shift blocks further shifts until it settles (300 ms).
    await expect(prev).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(prev).toHaveAttribute('aria-disabled', 'false'));
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(prev);
    await waitFor(() => expect(next).toHaveAttribute('aria-disabled', 'false'));
    await expect(slides()).toEqual(['1 / 5', '2 / 5', '3 / 5', '4 / 5']);
  },
};

/** Fewer products than the visible count: everything shows and there is nowhere to go. */
export const FewerThanVisible: Story = {
  name: '[S4.22] No more products than the visible range: navigation is disabled',
  args: { visible: 6 },
  play: async ({ canvasElement }) => {
    const { prev, next, slides } = await slider(canvasElement, 'Sold out');
    await expect(slides()).toHaveLength(5);
    await expect(prev).toHaveAttribute('aria-disabled', 'true');
    await expect(next).toHaveAttribute('aria-disabled', 'true');
  },
};

/** On mobile two products show at once. */
export const Mobile: Story = {
  name: '[S9.17] On mobile two products are visible by default',
  args: { mobile: true },
  play: async ({ canvasElement }) => {
    const { slides, region } = await slider(canvasElement, 'Sold out');
    await expect(slides()).toEqual(['1 / 5', '2 / 5']);
    await expect(within(region).getAllByRole('link')).toHaveLength(2);
  },
};

/** Keyboard: Enter and Space on the buttons move the slider, and the focus stays on the button. */
export const Keyboard: Story = {
  args: { url: '/collections/all?pf_v_vendor=Helios+Gear', title: 'Helios Gear' },
  play: async ({ canvasElement }) => {
    const { prev, next, slides } = await slider(canvasElement, 'Helios Gear');
    const total = slides()[0]!.split(' / ')[1];
    next.focus();
    await userEvent.keyboard('{Enter}');
    await expect(slides()[0]).toBe(`2 / ${total}`);
    await waitFor(() => expect(next).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.keyboard(' ');
    await expect(slides()[0]).toBe(`3 / ${total}`);
    await waitFor(() => expect(prev).toHaveAttribute('aria-disabled', 'false'));
    prev.focus();
    await userEvent.keyboard('{Enter}');
    await expect(slides()[0]).toBe(`2 / ${total}`);
  },
};

/**
 * The focused button shuts for the 300 ms shift (aria-disabled, not disabled): the keyboard
 * focus stays on it, so the shopper can press Enter again once the shift settles.
 */
export const KeyboardFocusStays: Story = {
  name: '[S4.22] The focus stays on Next while the shift it started settles',
  args: { url: '/collections/all?pf_v_vendor=Helios+Gear', title: 'Helios Gear' },
  play: async ({ canvasElement }) => {
    const { next } = await slider(canvasElement, 'Helios Gear');
    next.focus();
    await userEvent.keyboard('{Enter}');
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await expect(next.ownerDocument.activeElement).toBe(next);
    await waitFor(() => expect(next).toHaveAttribute('aria-disabled', 'false'));
    await expect(next.ownerDocument.activeElement).toBe(next);
  },
};

/** No products in the answer: the slider renders nothing. */
export const NoProducts: Story = {
  args: { url: '/collections/all?pf_v_vendor=No+such+brand', title: 'Nothing' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId('answered', {}, { timeout: 5000 })).toHaveTextContent('0 products answered');
    await expect(c.queryByRole('region')).toBeNull();
  },
};
