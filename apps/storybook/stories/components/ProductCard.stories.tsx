import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { FilterController, Product } from '@pkg/core-filter';
import { formatMoney } from '@pkg/money';
import { ProductCard } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
import { withDemoEngine } from '../../src/demo-engine';
import { useEngineProducts } from '../../src/engine-answer';
import { longLabelHandlers, shopHtmlHandlers } from '../../src/generated-catalogs';
import { StoryShop } from '../../src/story-controller';

interface Args {
  /** The listing whose answer the product comes from. */
  url: string;
  /** The product's handle; the first listed product when omitted. */
  handle?: string;
  display: 'grid' | 'list';
  /** Width of the card's column in px. */
  width: number;
}

/** One product of the engine's listing answer, rendered as the default card. */
function EngineCard({ handle, display }: Pick<Args, 'handle' | 'display'>) {
  const { products, fetched, moneyFormat, urlOf } = useEngineProducts();
  const product = handle ? products.find((p) => p.handle === handle) : products[0];
  if (!fetched || !product) return <p>Loading…</p>;
  return <ProductCard product={product} url={urlOf(product)} position={0} display={display} moneyFormat={moneyFormat} />;
}

let shop: FilterController | undefined;
const keep = (c: FilterController) => (shop = c);

function CardStory({ url, handle, display, width }: Args) {
  return (
    <StoryShop url={url} onController={keep}>
      <div style={{ width }}>
        <EngineCard display={display} {...(handle ? { handle } : {})} />
      </div>
    </StoryShop>
  );
}

const meta = {
  title: 'Components/ProductCard',
  component: CardStory,
  args: { url: '/collections/all', display: 'grid', width: 260 },
  beforeEach: withDemoEngine,
} satisfies Meta<typeof CardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The card, and the product the engine answered for it. */
const card = async (el: HTMLElement, handle?: string) => {
  const article = await waitFor(() => {
    const a = el.querySelector<HTMLElement>('article.pkg-product');
    if (!a) throw new Error('no card yet');
    return a;
  }, { timeout: 5000 });
  const products = shop!.getSnapshot().products;
  const product: Product = (handle ? products.find((p) => p.handle === handle) : products[0])!;
  return { article, product, c: within(article) };
};
const money = (n: number) => formatMoney(n, '${{amount}}');

/** Image, title link, vendor and price. */
export const Regular: Story = {
  play: async ({ canvasElement }) => {
    const { article, product, c } = await card(canvasElement);
    await expect(product.compareAtPriceMin ?? 0).toBeLessThanOrEqual(product.priceMin ?? 0);
    const link = c.getByRole('link', { name: product.title });
    await expect(link).toHaveAttribute('href', `/products/${product.handle}`);
    await expect(c.getByRole('heading', { level: 2, name: product.title })).toBeVisible();
    // The photo is decorative inside a link named by the title: empty alt, and it loads.
    const img = article.querySelector('img')!;
    await expect(img).toHaveAttribute('alt', '');
    await expect(img.getAttribute('src')).toBe(product.featuredImage);
    await waitFor(() => expect(img.complete && img.naturalWidth > 0).toBe(true), { timeout: 5000 });
    await expect(c.getByText(product.vendor)).toBeVisible();
    await expect(article.textContent).toContain(money(product.priceMin!));
    await expect(article.querySelector('s')).toBeNull();
    await expect(article.querySelector('.pkg-product__description')).toBeNull();
  },
};

/** A product with a compare-at price (from the 20-39% discount filter): the old price struck through. */
export const OnSale: Story = {
  args: { url: '/collections/all?pf_ps_discount=20%3A39' },
  play: async ({ canvasElement }) => {
    const { article, product } = await card(canvasElement);
    await expect(product.compareAtPriceMin!).toBeGreaterThan(product.priceMin!);
    await expect(article.querySelector('s')).toHaveTextContent(money(product.compareAtPriceMin!));
    await expect(article.textContent).toContain(money(product.priceMin!));
  },
};

/** A sold-out product (from the out-of-stock filter): the card says so in words, and its photo is dimmed. */
export const SoldOut: Story = {
  args: { url: '/collections/all?pf_st_stock=out-of-stock' },
  play: async ({ canvasElement }) => {
    const { article, product, c } = await card(canvasElement);
    await expect(product.available).toBe(false);
    await expect(article).toHaveClass('pkg-product--sold-out');
    await expect(Number(getComputedStyle(article.querySelector('img')!).opacity)).toBeLessThan(1);
    await expect(c.getByText('Out of stock')).toBeVisible();
    await expect(c.getByRole('link', { name: product.title })).toHaveAttribute('href', `/products/${product.handle}`);
  },
};

/** A product without any image: no broken image but an empty frame of the same shape, and the title link stays. */
export const NoImage: Story = {
  args: { handle: 'plain-tee' },
  beforeEach({ msw }) {
    msw.use(...shopHtmlHandlers());
  },
  play: async ({ canvasElement }) => {
    const { article, product, c } = await card(canvasElement, 'plain-tee');
    await expect(product.featuredImage).toBe('');
    await expect(article.querySelector('img')).toBeNull();
    const frame = article.querySelector<HTMLElement>('.pkg-product__image--none')!;
    await expect(frame).toHaveAttribute('aria-hidden', 'true');
    await expect(frame.getBoundingClientRect().height).toBeGreaterThan(frame.getBoundingClientRect().width);
    await expect(c.getByRole('link', { name: 'Plain Tee without a photo' })).toHaveAttribute('href', '/products/plain-tee');
  },
};

/** A title long enough to wrap, in a narrow column: it wraps inside the card. */
export const LongTitle: Story = {
  args: { width: 200 },
  beforeEach({ msw }) {
    msw.use(...longLabelHandlers());
  },
  play: async ({ canvasElement }) => {
    const { article, product } = await card(canvasElement);
    await expect(product.title.length).toBeGreaterThan(60);
    const title = article.querySelector<HTMLElement>('.pkg-product__title')!;
    await expect(title.scrollWidth).toBeLessThanOrEqual(title.clientWidth);
    await expect(title.getBoundingClientRect().height).toBeGreaterThan(parseFloat(getComputedStyle(title).fontSize) * 2);
    await expect(article.getBoundingClientRect().width).toBeLessThanOrEqual(200);
  },
};

/** The list display adds the product description, rendered through SafeHtml. */
export const ListDisplay: Story = {
  args: { display: 'list', width: 640 },
  play: async ({ canvasElement }) => {
    const { article, product } = await card(canvasElement);
    await expect(article).toHaveClass('pkg-product--list');
    const description = article.querySelector('.pkg-product__description')!;
    // The sanitiser (DOMPurify) loads on first use; until then the description is empty.
    await waitFor(() => expect(description.querySelector('p')).not.toBeNull(), { timeout: 5000 });
    const first = new DOMParser().parseFromString(product.description, 'text/html').querySelector('p')!.textContent!;
    await expect(description.textContent).toContain(first);
    await expect(description.textContent).not.toContain('<p>');
  },
};
