import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { FilterController } from '@pkg/core-filter';
import { formatMoney } from '@pkg/money';
import { RangeSlider, useFilterController } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
import { withDemoEngine } from '../../src/demo-engine';
import { useEngineOption } from '../../src/engine-answer';
import { StoryShop } from '../../src/story-controller';

interface Args {
  /** A range option of the demo tree: pf_p_price (Price) or pf_w_weight (Weight). */
  optionId: string;
  /** Format the values as the shop's money. */
  money?: boolean;
  hideTextBoxes?: boolean;
  /** Draw the option's `sliderRange` scale (money labels without decimals when `money`), with ticks when `ruler`. */
  scale?: boolean;
  ruler?: boolean;
  /** One handle (the owner's `rangeSlidersSingleHandle`): one value, applied as v:v. */
  single?: boolean;
  /** The page's direction around the slider. */
  dir?: 'ltr' | 'rtl';
  onCommit(low: number, high: number): void;
  onTextCommit(low: string, high: string): void;
}

/** The slider over the range the engine answered; commits go to the controller (and are recorded). */
function EngineSlider({ optionId, money = false, hideTextBoxes, scale, ruler, single, onCommit, onTextCommit }: Omit<Args, 'dir'>) {
  const controller = useFilterController();
  const { option, moneyFormat } = useEngineOption(optionId);
  const r = option?.range;
  if (!option || !r) return <p>Loading…</p>;
  return (
    <RangeSlider
      label={option.label}
      min={r.min}
      max={r.max}
      step={r.step}
      value={r.current}
      hideTextBoxes={hideTextBoxes ?? r.hideTextBoxes}
      {...(money ? { formatValue: (n: number) => formatMoney(n, moneyFormat), formatScale: (n: number) => formatMoney(n, moneyFormat, { removeDecimals: true }) } : {})}
      {...(scale ? { scale: r.sliderRange } : {})}
      {...(ruler ? { className: 'pkg-range--ruler' } : {})}
      {...(single ? { single } : {})}
      onCommit={(a, b) => {
        onCommit(a, b);
        void controller.setRange(option.id, a, b);
      }}
      onTextCommit={(a, b) => {
        onTextCommit(a, b);
        return controller.setRangeFromInputs(option.id, a, b);
      }}
    />
  );
}

// The play functions read the committed filter state from the controller.
let shop: FilterController | undefined;
const keep = (c: FilterController) => (shop = c);

function SliderStory(args: Args) {
  return (
    <StoryShop onController={keep}>
      <div dir={args.dir} style={{ width: 320, paddingTop: 16 }}>
        <EngineSlider {...args} />
      </div>
    </StoryShop>
  );
}

const meta = {
  title: 'Components/RangeSlider',
  component: SliderStory,
  args: { optionId: 'pf_p_price', onCommit: fn(), onTextCommit: fn() },
  beforeEach: withDemoEngine,
} satisfies Meta<typeof SliderStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const thumbs = async (el: HTMLElement, label = 'Price') => {
  const c = within(el);
  const low = await c.findByRole('slider', { name: `${label}: Minimum` }, { timeout: 5000 });
  const high = c.getByRole('slider', { name: `${label}: Maximum` });
  const now = (t: HTMLElement) => Number(t.getAttribute('aria-valuenow'));
  return { low, high, now, min: Number(low.getAttribute('aria-valuemin')), max: Number(high.getAttribute('aria-valuemax')) };
};
/** The committed range of the option in the controller ('' when none is applied). */
const applied = (id = 'pf_p_price') => (shop?.getSnapshot().state.filters[id] ?? []).join(',');
const press = async (thumb: HTMLElement, keys: string) => {
  thumb.focus();
  await userEvent.keyboard(keys);
};

/**
 * Keyboard: arrows move a thumb one step and apply at once; Page Up/Down move ten steps; the
 * thumbs stay within the engine's bounds and never cross.
 */
export const Default: Story = {
  name: 'Keyboard: arrows move a thumb and apply; the thumbs stay within the bounds and never cross',
  play: async ({ canvasElement, args }) => {
    const { low, high, now, min, max } = await thumbs(canvasElement);
    await expect(min).toBeLessThan(max);
    await expect([now(low), now(high)]).toEqual([min, max]);
    // At a bound, moving out does nothing and applies nothing.
    await press(low, '{ArrowLeft}{ArrowDown}{Home}');
    await press(high, '{ArrowRight}{PageUp}{End}');
    await expect([now(low), now(high)]).toEqual([min, max]);
    await expect(args.onCommit).not.toHaveBeenCalled();
    await press(low, '{ArrowRight}');
    await expect(now(low)).toBe(min + 1);
    await expect(args.onCommit).toHaveBeenLastCalledWith(min + 1, max);
    await waitFor(() => expect(applied()).toBe(`${min + 1}:${max}`));
    await expect(within(canvasElement).getByRole('textbox', { name: 'Price: Minimum' })).toHaveValue(String(min + 1));
    await press(high, '{PageDown}');
    await expect(now(high)).toBe(max - 10);
    await waitFor(() => expect(applied()).toBe(`${min + 1}:${max - 10}`));
    // The low thumb pushed to the end stops at the high one.
    await press(low, '{End}');
    await expect(now(low)).toBe(max - 10);
    await expect(high).toHaveAttribute('aria-valuemin', String(max - 10));
    await press(low, '{Home}');
    await expect(now(low)).toBe(min);
    await waitFor(() => expect(applied()).toBe(`${min}:${max - 10}`));
  },
};

/** Typed values: a bad range is refused and the boxes go back to the applied values (F5.5). */
export const TypedInputs: Story = {
  name: '[F5.5] Typed range: reversed, empty or non-numeric input is refused and reverts; outside values are clamped',
  play: async ({ canvasElement, args }) => {
    const { low, high, now, min, max } = await thumbs(canvasElement);
    const c = within(canvasElement);
    const lowBox = c.getByRole('textbox', { name: 'Price: Minimum' });
    const highBox = c.getByRole('textbox', { name: 'Price: Maximum' });
    const type = async (box: HTMLElement, text: string) => {
      await userEvent.clear(box);
      await userEvent.type(box, `${text}{Enter}`);
    };
    await type(lowBox, '40');
    await expect(args.onTextCommit).toHaveBeenLastCalledWith('40', String(max));
    await waitFor(() => expect(applied()).toBe(`40:${max}`));
    await waitFor(() => expect(now(low)).toBe(40));
    // Maximum below minimum: refused, both boxes show the applied range again.
    const message = canvasElement.querySelector('.pkg-range__message')!;
    await expect(message).toHaveTextContent('');
    await type(highBox, '30');
    await waitFor(() => expect(highBox).toHaveValue(String(max)));
    await expect(lowBox).toHaveValue('40');
    await expect(applied()).toBe(`40:${max}`);
    // The refusal is said in words, in a polite live region, until the shopper types again.
    await expect(message).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(message).toHaveTextContent(/^Not applied/));
    // Not a number, and empty: refused.
    await type(lowBox, 'abc');
    await waitFor(() => expect(lowBox).toHaveValue('40'));
    await userEvent.clear(highBox);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(highBox).toHaveValue(String(max)));
    await expect(applied()).toBe(`40:${max}`);
    // Below the minimum and above the maximum (with a thousands separator): clamped to the bounds.
    await type(lowBox, String(min - 4));
    await expect(message).toHaveTextContent('');
    await waitFor(() => expect(lowBox).toHaveValue(String(min)));
    await type(highBox, '1,000');
    await waitFor(() => expect(highBox).toHaveValue(String(max)));
    await type(highBox, '60');
    await waitFor(() => expect(applied()).toBe(`${min}:60`));
    await waitFor(() => expect(now(high)).toBe(60));
    await expect(args.onCommit).not.toHaveBeenCalled();
  },
};

/** Without the text boxes: only the two thumbs. */
export const HideTextBoxes: Story = {
  args: { hideTextBoxes: true },
  play: async ({ canvasElement, args }) => {
    const { high, now, max } = await thumbs(canvasElement);
    await expect(within(canvasElement).queryAllByRole('textbox')).toHaveLength(0);
    await press(high, '{ArrowLeft}');
    await expect(now(high)).toBe(max - 1);
    await expect(args.onCommit).toHaveBeenCalledTimes(1);
  },
};

/** Values as the shop's money: the thumbs' value text and the labels under the track. */
export const Money: Story = {
  args: { money: true },
  play: async ({ canvasElement }) => {
    const { low, high, min, max } = await thumbs(canvasElement);
    await expect(low).toHaveAttribute('aria-valuetext', `$${min.toFixed(2)}`);
    await expect(high).toHaveAttribute('aria-valuetext', `$${max.toFixed(2)}`);
    await expect(canvasElement.querySelector('.pkg-range__values')).toHaveTextContent(`$${min.toFixed(2)}$${max.toFixed(2)}`);
    await press(low, '{PageUp}');
    await expect(low).toHaveAttribute('aria-valuetext', `$${(min + 10).toFixed(2)}`);
  },
};

/** Another range option of the tree (Weight in grams): bounds from the engine, plain numbers. */
export const Weight: Story = {
  args: { optionId: 'pf_w_weight' },
  play: async ({ canvasElement }) => {
    const { low, high, min, max } = await thumbs(canvasElement, 'Weight (g)');
    await expect(min).toBeGreaterThan(0);
    await expect(max).toBeGreaterThan(min);
    await expect(low).toHaveAttribute('aria-valuetext', String(min));
    await expect(high).toHaveAttribute('aria-valuetext', String(max));
  },
};

/** Dragging a thumb: the boxes follow while it moves; the range is applied once, on release. */
export const Drag: Story = {
  name: '[F4.18] Dragging moves the thumb and the box, and applies on release',
  play: async ({ canvasElement, args }) => {
    const { low, high, now, min, max } = await thumbs(canvasElement);
    const track = canvasElement.querySelector<HTMLElement>('.pkg-range__track')!;
    const box = within(canvasElement).getByRole('textbox', { name: 'Price: Maximum' });
    const rect = track.getBoundingClientRect();
    const y = rect.top + rect.height / 2;
    const at = (fraction: number) => ({ clientX: rect.left + rect.width * fraction, clientY: y });
    // One session, so the button pressed in the first call is released in the second.
    const user = userEvent.setup();
    await user.pointer([{ keys: '[MouseLeft>]', target: high, coords: at(1) }, { target: track, coords: at(0.75) }, { target: track, coords: at(0.5) }]);
    const half = Math.round(min + (max - min) / 2);
    await expect(Math.abs(now(high) - half)).toBeLessThanOrEqual(1);
    await expect(box).toHaveValue(String(now(high)));
    await expect(args.onCommit).not.toHaveBeenCalled();
    await user.pointer({ keys: '[/MouseLeft]', target: track, coords: at(0.5) });
    await expect(args.onCommit).toHaveBeenCalledTimes(1);
    await expect(args.onCommit).toHaveBeenCalledWith(min, now(high));
    await waitFor(() => expect(applied()).toBe(`${min}:${now(high)}`));
    // Dragged past the other thumb, a thumb stops at it.
    await user.pointer([{ keys: '[MouseLeft>]', target: low, coords: at(0) }, { target: track, coords: at(0.9) }, { keys: '[/MouseLeft]', target: track, coords: at(0.9) }]);
    await expect(now(low)).toBe(now(high));
  },
};

/**
 * Right to left (a `dir="rtl"` page): the track runs from the minimum at the right. Left raises a
 * thumb and Right lowers it (the visual direction, as the WAI-ARIA slider pattern asks), and a
 * drag measures from the right edge; the boxes and the labels under the track follow the page.
 */
export const RightToLeft: Story = {
  name: '[F4.18] Right to left: the minimum at the right; the arrow keys and dragging follow the track',
  args: { dir: 'rtl' },
  play: async ({ canvasElement, args }) => {
    const { low, high, now, min, max } = await thumbs(canvasElement);
    const track = canvasElement.querySelector<HTMLElement>('.pkg-range__track')!;
    const rect = track.getBoundingClientRect();
    const centre = (el: HTMLElement) => el.getBoundingClientRect().left + el.getBoundingClientRect().width / 2;
    // The minimum's thumb at the right end, the maximum's at the left end.
    await expect(Math.abs(centre(low) - rect.right)).toBeLessThanOrEqual(1);
    await expect(Math.abs(centre(high) - rect.left)).toBeLessThanOrEqual(1);
    await press(low, '{ArrowLeft}');
    await expect(now(low)).toBe(min + 1);
    await expect(args.onCommit).toHaveBeenLastCalledWith(min + 1, max);
    await waitFor(() => expect(applied()).toBe(`${min + 1}:${max}`));
    await expect(centre(low)).toBeLessThan(rect.right);
    await press(high, '{ArrowRight}');
    await expect(now(high)).toBe(max - 1);
    await expect(args.onCommit).toHaveBeenLastCalledWith(min + 1, max - 1);
    // Dragging the maximum from the left end to the middle of the track.
    const y = rect.top + rect.height / 2;
    const at = (fraction: number) => ({ clientX: rect.left + rect.width * fraction, clientY: y });
    const user = userEvent.setup();
    await user.pointer([{ keys: '[MouseLeft>]', target: high, coords: at(0) }, { target: track, coords: at(0.25) }, { keys: '[/MouseLeft]', target: track, coords: at(0.25) }]);
    const threeQuarters = Math.round(min + (max - min) * 0.75);
    await expect(Math.abs(now(high) - threeQuarters)).toBeLessThanOrEqual(1);
    await waitFor(() => expect(applied()).toBe(`${min + 1}:${now(high)}`));
    // The fill runs between the two thumbs.
    const fill = canvasElement.querySelector<HTMLElement>('.pkg-range__fill')!.getBoundingClientRect();
    await expect(Math.abs(fill.left - centre(high))).toBeLessThanOrEqual(1);
    await expect(Math.abs(fill.right - centre(low))).toBeLessThanOrEqual(1);
  },
};

/**
 * The scale under the track: the option's `sliderRange` parts (4 by default), a label at each end
 * of each part, money without decimals; ticks inside a `pkg-range--ruler` element (the owner's
 * `enableSliderRuler`). Hidden from assistive technology: the thumbs carry the values.
 */
export const ScaleWithRuler: Story = {
  name: 'Scale: the option\'s sliderRange parts with money labels and a ruler, hidden from assistive technology',
  args: { money: true, scale: true, ruler: true },
  play: async ({ canvasElement }) => {
    const { min, max } = await thumbs(canvasElement);
    const scale = canvasElement.querySelector('.pkg-range__scale')!;
    await expect(scale).toHaveAttribute('aria-hidden', 'true');
    const labels = [...scale.querySelectorAll('.pkg-range__pip')].map((p) => p.textContent);
    await expect(labels).toHaveLength(5);
    await expect([labels[0], labels[4]]).toEqual([`$${Math.trunc(min)}`, `$${Math.trunc(max)}`]);
    await expect(getComputedStyle(scale.querySelector('.pkg-range__pip')!, '::before').content).toBe('""');
    // Still two sliders, named as before.
    await expect(within(canvasElement).getAllByRole('slider')).toHaveLength(2);
  },
};

/** One handle (the owner's `rangeSlidersSingleHandle`): one slider over the whole range, no boxes; the chosen value is applied as v:v. */
export const SingleHandle: Story = {
  name: '[F4.18] One handle: one slider named by the option, moved by the keys, applying one value as v:v',
  args: { money: true, scale: true, single: true },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const handle = await c.findByRole('slider', { name: 'Price' }, { timeout: 5000 });
    await expect(c.getAllByRole('slider')).toHaveLength(1);
    await expect(c.queryAllByRole('textbox')).toHaveLength(0);
    const min = Number(handle.getAttribute('aria-valuemin'));
    const max = Number(handle.getAttribute('aria-valuemax'));
    await expect(Number(handle.getAttribute('aria-valuenow'))).toBe(min);
    await press(handle, '{PageUp}');
    await expect(args.onCommit).toHaveBeenLastCalledWith(min + 10, min + 10);
    await waitFor(() => expect(applied()).toBe(`${min + 10}:${min + 10}`));
    await expect(handle).toHaveAttribute('aria-valuetext', `$${(min + 10).toFixed(2)}`);
    await press(handle, '{End}');
    await waitFor(() => expect(applied()).toBe(`${max}:${max}`));
  },
};
