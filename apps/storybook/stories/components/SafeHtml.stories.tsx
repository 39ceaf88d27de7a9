import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { SafeHtml } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
import { withDemoEngine } from '../../src/demo-engine';
import { WithProducts } from '../../src/engine-answer';
import { hostileShopHtml, shopHtmlHandlers } from '../../src/generated-catalogs';

interface Args {
  /** The product whose description (the shop's body HTML) is rendered. */
  productId: string;
  as?: 'div' | 'section';
}

/** A product description from the engine's products call, rendered through SafeHtml. */
function DescriptionStory({ productId, as }: Args) {
  return (
    <WithProducts ids={[productId]}>
      {([product]) => (
        <>
          <SafeHtml html={product?.description ?? ''} className="story-description" {...(as ? { as } : {})} />
          <pre data-testid="raw" hidden>
            {product?.description}
          </pre>
        </>
      )}
    </WithProducts>
  );
}

const meta = {
  title: 'Components/SafeHtml',
  component: DescriptionStory,
  // Product 148 of the demo catalog: paragraphs, line breaks and a bulleted list.
  args: { productId: '148' },
  beforeEach: withDemoEngine,
} satisfies Meta<typeof DescriptionStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const rendered = async (el: HTMLElement) => {
  await within(el).findByTestId('raw', {}, { timeout: 5000 });
  const html = el.querySelector<HTMLElement>('.story-description')!;
  // The sanitiser (DOMPurify) loads on first use; until then the element is empty.
  await waitFor(() => expect(html.childNodes.length).toBeGreaterThan(0), { timeout: 5000 });
  return { html, raw: within(el).getByTestId('raw').textContent ?? '' };
};
const unsafeUrl = (v: string | null) => v !== null && !/^(https?:|\/|#|\.|[^:]*$)/i.test(v.trim());

/** The shop's markup (paragraphs, lists, line breaks) renders as markup, not as text. */
export const ShopHtml: Story = {
  play: async ({ canvasElement }) => {
    const { html, raw } = await rendered(canvasElement);
    await expect(raw).toContain('<ul');
    await expect(html.tagName).toBe('DIV');
    await expect(html.querySelectorAll('p').length).toBeGreaterThan(0);
    await expect(html.querySelectorAll('ul li').length).toBeGreaterThan(1);
    await expect(html.textContent).not.toMatch(/<\/?(p|ul|li|br)\b/);
    await expect(html.textContent).toContain(new DOMParser().parseFromString(raw, 'text/html').querySelector('li')!.textContent!);
  },
};

/** The wrapping element can be another one. */
export const AsSection: Story = {
  args: { as: 'section' },
  play: async ({ canvasElement }) => {
    const { html } = await rendered(canvasElement);
    await expect(html.tagName).toBe('SECTION');
    await expect(html.querySelectorAll('li').length).toBeGreaterThan(1);
  },
};

/**
 * A description that tries every way in (script, inline handlers, `javascript:` links and
 * frames, a form, style attributes, a data: image): everything active is removed, the allowed
 * markup stays, and nothing ran.
 */
export const HostilePayload: Story = {
  args: { productId: '1' },
  beforeEach({ msw }) {
    msw.use(...shopHtmlHandlers());
  },
  play: async ({ canvasElement }) => {
    const { html, raw } = await rendered(canvasElement);
    // The engine handed the payload over untouched: removing it is SafeHtml's work.
    await expect(raw).toBe(hostileShopHtml);
    await expect(html.querySelector('script, iframe, form, input, button, style, object, embed')).toBeNull();
    for (const node of html.querySelectorAll('*')) {
      for (const attr of node.getAttributeNames()) await expect(attr === 'style' || attr.startsWith('on')).toBe(false);
      for (const attr of ['href', 'src', 'xlink:href', 'action', 'formaction']) await expect(unsafeUrl(node.getAttribute(attr))).toBe(false);
    }
    // Allowed markup stays; the link that opens a new tab cannot reach back.
    await expect(html.querySelector('strong')).toHaveTextContent('organic');
    await expect(html.querySelectorAll('ul li')).toHaveLength(2);
    const care = within(html).getByRole('link', { name: 'Care guide' });
    await expect(care).toHaveAttribute('href', 'https://luma.example/care');
    await expect(care).toHaveAttribute('rel', 'noopener noreferrer');
    // The script links are plain text now, without an address.
    await expect(within(html).getByText('Script link').closest('a')?.hasAttribute('href')).toBe(false);
    await expect(html.querySelector('img[src^="data:"]')).toBeNull();
    // Let the broken image finish failing (its onerror would have run by then): nothing ran.
    await waitFor(() => expect([...html.querySelectorAll('img')].every((img) => img.complete)).toBe(true));
    await expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  },
};
