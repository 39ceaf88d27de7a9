import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { RangeSlider, type TextCommitResult } from './RangeSlider';

function Harness({ onText }: { onText: (a: string, b: string) => void }) {
  const [value, setValue] = useState<[number, number]>([0, 100]);
  return (
    <>
      <RangeSlider
        label="Price"
        min={0}
        max={100}
        step={1}
        value={value}
        onCommit={(a, b) => setValue([a, b])}
        onTextCommit={(a, b) => {
          onText(a, b);
          return undefined;
        }}
      />
      <button type="button" onClick={() => setValue([20, 100])}>
        answer arrives
      </button>
    </>
  );
}

describe('RangeSlider', () => {
  it('[F4.18] handles are sliders with value text, moved by arrows, Page Up/Down, Home and End, and never cross', async () => {
    const user = userEvent.setup();
    const commits: Array<[number, number]> = [];
    render(<RangeSlider label="Price" min={0} max={50} step={5} value={[10, 20]} onCommit={(a, b) => commits.push([a, b])} formatValue={(n) => `$${n}`} />);
    const [lo, hi] = screen.getAllByRole('slider');
    expect(lo).toHaveAttribute('aria-valuetext', '$10');
    lo!.focus();
    await user.keyboard('{ArrowRight}');
    expect(commits.at(-1)).toEqual([15, 20]);
    await user.keyboard('{End}');
    expect(commits.at(-1)).toEqual([20, 20]);
    hi!.focus();
    await user.keyboard('{Home}');
    expect(commits.at(-1)![1]).toBeGreaterThanOrEqual(commits.at(-1)![0]);
  });

  it('a scale under the track: `scale` equal parts, ends included, each point at the nearest step, labelled by formatScale or formatValue, hidden from assistive tech', () => {
    const labels = (c: HTMLElement) => [...c.querySelectorAll('.pkg-range__pip')].map((p) => p.textContent);
    const at = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('.pkg-range__pip')].map((p) => p.style.insetInlineStart);
    const { container, rerender } = render(<RangeSlider label="Weight" min={0} max={200} step={1} value={[0, 200]} scale={4} onCommit={() => {}} />);
    expect(labels(container)).toEqual(['0', '50', '100', '150', '200']);
    expect(at(container)).toEqual(['0%', '25%', '50%', '75%', '100%']);
    const scale = container.querySelector('.pkg-range__scale')!;
    expect(scale).toHaveAttribute('aria-hidden', 'true');
    // The handles are still the only sliders, and their names and values are unchanged.
    expect(screen.getAllByRole('slider').map((h) => h.getAttribute('aria-label'))).toEqual(['Weight: Minimum', 'Weight: Maximum']);
    rerender(<RangeSlider label="Weight" min={10} max={99.5} step={0.5} value={[10, 99.5]} scale={2} formatScale={(n) => `$${n}`} formatValue={(n) => `${n} kg`} onCommit={() => {}} />);
    expect(labels(container)).toEqual(['$10', '$55', '$99.5']);
    rerender(<RangeSlider label="Weight" min={10} max={99.5} step={0.5} value={[10, 99.5]} scale={2} formatValue={(n) => `${n} kg`} onCommit={() => {}} />);
    expect(labels(container)).toEqual(['10 kg', '55 kg', '99.5 kg']);
    // Never more parts than steps between the ends; points at the nearest step.
    rerender(<RangeSlider label="Weight" min={0} max={3} step={1} value={[0, 3]} scale={4} onCommit={() => {}} />);
    expect(labels(container)).toEqual(['0', '1', '2', '3']);
    rerender(<RangeSlider label="Weight" min={0} max={1} step={0.25} value={[0, 1]} scale={3} onCommit={() => {}} />);
    expect(labels(container)).toEqual(['0', '0.25', '0.75', '1']);
    // No scale without one.
    rerender(<RangeSlider label="Weight" min={0} max={200} step={1} value={[0, 200]} onCommit={() => {}} />);
    expect(container.querySelector('.pkg-range__scale')).toBeNull();
  });

  it('[F4.18] one handle (`single`): one slider over the whole range, named by the option, moved by arrows, Page Up/Down, Home and End, committing one value as (v, v); no boxes', async () => {
    const user = userEvent.setup();
    const commits: Array<[number, number]> = [];
    const { container } = render(<RangeSlider label="Rating" min={1} max={5} step={0.5} value={[2, 5]} single onCommit={(a, b) => commits.push([a, b])} formatValue={(n) => `${n} stars`} />);
    const handles = screen.getAllByRole('slider');
    expect(handles).toHaveLength(1);
    const handle = handles[0]!;
    expect([handle.getAttribute('aria-label'), handle.getAttribute('aria-valuemin'), handle.getAttribute('aria-valuemax'), handle.getAttribute('aria-valuenow'), handle.getAttribute('aria-valuetext')]).toEqual(['Rating', '1', '5', '2', '2 stars']);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(container.querySelectorAll('.pkg-range__values span')).toHaveLength(1);
    handle.focus();
    await user.keyboard('{ArrowRight}');
    expect(commits.at(-1)).toEqual([2.5, 2.5]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(commits.at(-1)).toEqual([1.5, 1.5]);
    await user.keyboard('{PageUp}');
    expect(commits.at(-1)).toEqual([5, 5]);
    await user.keyboard('{Home}');
    expect(commits.at(-1)).toEqual([1, 1]);
    await user.keyboard('{End}');
    expect(commits.at(-1)).toEqual([5, 5]);
    expect(handle).toHaveAttribute('aria-valuenow', '5');
    // The fill runs from the track's start to the handle.
    expect(container.querySelector<HTMLElement>('.pkg-range__fill')!.style.width).toBe('100%');
  });

  it('a one-value slider (the owner\'s oneValueRangeSlider keeps it shown) draws both handles at that value, positions finite', () => {
    const { container } = render(<RangeSlider label="Price" min={10} max={10} step={1} value={[10, 10]} onCommit={() => {}} />);
    const handles = screen.getAllByRole('slider');
    expect(handles.map((h) => h.getAttribute('aria-valuenow'))).toEqual(['10', '10']);
    expect(container.innerHTML).not.toContain('NaN');
  });

  it('[F5.5] a box the shopper is typing in keeps its text when an answer for the other bound arrives', async () => {
    const user = userEvent.setup();
    const typed: string[][] = [];
    render(<Harness onText={(a, b) => typed.push([a, b])} />);
    const [minBox, maxBox] = screen.getAllByRole('textbox');
    await user.clear(maxBox!);
    await user.type(maxBox!, '80');
    // The answer to an earlier minimum arrives while the maximum is being typed.
    maxBox!.focus();
    fireEvent.click(screen.getByRole('button', { name: 'answer arrives' })); // focus stays in the box
    expect(maxBox).toHaveValue('80');
    expect(minBox).toHaveValue('20');
    await user.tab();
    expect(typed.at(-1)).toEqual(['20', '80']);
  });

  it('[F5.5] Enter in a typed box applies the range; the group holds only the two sliders and the two boxes', async () => {
    const user = userEvent.setup();
    const typed: string[][] = [];
    render(<Harness onText={(a, b) => typed.push([a, b])} />);
    const group = screen.getByRole('group', { name: 'Price' });
    expect(within(group).queryAllByRole('button')).toEqual([]);
    expect(within(group).getAllByRole('slider')).toHaveLength(2);
    const [, maxBox] = within(group).getAllByRole('textbox');
    await user.clear(maxBox!);
    await user.type(maxBox!, '60{Enter}');
    expect(typed.at(-1)).toEqual(['0', '60']);
    expect(maxBox).toHaveFocus();
  });

  it('[F5.5] a refused typed range reverts the boxes and says why in a live region; typing again clears the message', async () => {
    const user = userEvent.setup();
    render(
      <RangeSlider
        label="Price"
        min={0}
        max={100}
        step={1}
        value={[10, 90]}
        onCommit={() => undefined}
        onTextCommit={(a, b) => (Number(a) > Number(b) ? { ok: false, min: 10, max: 90 } : { ok: true, min: Number(a), max: Number(b) })}
        translations={{ refused: 'Range not applied.' }}
      />,
    );
    const status = document.querySelector('.pkg-range__message')!;
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('');
    const [minBox, maxBox] = screen.getAllByRole('textbox');
    await user.clear(minBox!);
    await user.type(minBox!, '95{Enter}');
    expect(minBox).toHaveValue('10');
    expect(maxBox).toHaveValue('90');
    expect(status).toHaveTextContent('Range not applied.');
    await user.type(minBox!, '1');
    expect(status).toHaveTextContent('');
  });

  /**
   * A slider over 5..99 whose typed bounds wait for `answer` (their request is pending), with the
   * minimum typed as 30 and Enter pressed; `rerender` gives it a new value.
   */
  async function typedMinimumPending() {
    const user = userEvent.setup();
    let answer!: (shown: TextCommitResult) => void;
    const slider = (value: [number, number]) => (
      <RangeSlider label="Price" min={5} max={99} step={1} value={value} onCommit={() => undefined} onTextCommit={() => new Promise<TextCommitResult>((r) => (answer = r))} />
    );
    const { rerender } = render(slider([5, 99]));
    const [minBox, maxBox] = screen.getAllByRole('textbox') as HTMLInputElement[];
    await user.clear(minBox!);
    await user.type(minBox!, '30{Enter}');
    return { user, minBox: minBox!, maxBox: maxBox!, boxes: () => [minBox!.value, maxBox!.value], rerender: (v: [number, number]) => rerender(slider(v)), settle: (shown: TextCommitResult) => act(async () => answer(shown)) };
  }

  it('typed bounds answered after a newer value (a Back move) leave the boxes at the newer value', async () => {
    const t = await typedMinimumPending();
    // The request goes out and the tree shows the typed bounds; then Back restores an entry
    // without them, while the request is still pending (focus stays in the box).
    t.rerender([30, 99]);
    t.rerender([5, 99]);
    expect(t.minBox).toHaveFocus();
    expect(t.boxes()).toEqual(['5', '99']);
    // The typed bounds' promise settles last (its answer was dropped): the boxes stay.
    await t.settle({ ok: true, min: 30, max: 99 });
    expect(t.boxes()).toEqual(['5', '99']);
  });

  it('[F5.5] the other bound typed while the first one\'s request is pending is kept when that request settles', async () => {
    const t = await typedMinimumPending();
    t.rerender([30, 99]);
    await t.user.clear(t.maxBox);
    await t.user.type(t.maxBox, '50');
    await t.settle({ ok: true, min: 30, max: 99 });
    expect(t.boxes()).toEqual(['30', '50']);
  });

  it('a new value is in the boxes in the commit that brings it, before the page paints or runs another task', async () => {
    // Outside act, as in a browser: a passive effect would run a task later, and a script (or a
    // test reading the page) in between would see the new listing beside the old bounds.
    const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean | undefined };
    const actEnvironment = g.IS_REACT_ACT_ENVIRONMENT;
    g.IS_REACT_ACT_ENVIRONMENT = false;
    const el = document.body.appendChild(document.createElement('div'));
    const root = createRoot(el);
    try {
      const page = (value: [number, number]) => (
        <>
          <output>{value.join('-')}</output>
          <RangeSlider label="Price" min={0} max={2000} step={1} value={value} onCommit={() => undefined} />
        </>
      );
      const read = () => [el.querySelector('output')?.textContent, ...Array.from(el.querySelectorAll('input'), (i) => i.value)];
      const shows = async (text: string) => {
        while (el.querySelector('output')?.textContent !== text) await new Promise((r) => setTimeout(r, 0));
      };
      root.render(page([5, 99]));
      await shows('5-99');
      // Each read runs in a microtask right after the commit that changed the listing's text.
      const seen: Array<Array<string | null | undefined>> = [];
      const observer = new MutationObserver(() => seen.push(read()));
      observer.observe(el, { subtree: true, childList: true, characterData: true });
      root.render(page([24, 74]));
      await shows('24-74');
      observer.disconnect();
      expect(seen[0]).toEqual(['24-74', '24', '74']);
    } finally {
      root.unmount();
      el.remove();
      g.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('[F4.18] right to left, the track runs from the minimum at the right: Left raises a thumb and Right lowers it (Up and Down unchanged), and a drag measures from the right edge', async () => {
    const user = userEvent.setup();
    const commits: Array<[number, number]> = [];
    render(
      <div dir="rtl">
        <RangeSlider label="Price" min={0} max={100} step={1} value={[10, 90]} onCommit={(a, b) => commits.push([a, b])} />
      </div>,
    );
    const [lo, hi] = screen.getAllByRole('slider');
    lo!.focus();
    await user.keyboard('{ArrowLeft}');
    expect(commits.at(-1)).toEqual([11, 90]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(commits.at(-1)).toEqual([9, 90]);
    await user.keyboard('{ArrowUp}');
    expect(lo).toHaveAttribute('aria-valuenow', '10');
    // The track is 200 px wide from x = 100: a pointer at x = 250 is a quarter from its right edge.
    const track = document.querySelector<HTMLElement>('.pkg-range__track')!;
    track.getBoundingClientRect = () => ({ left: 100, right: 300, width: 200, top: 0, bottom: 4, height: 4, x: 100, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(hi!, { pointerId: 1 });
    fireEvent.pointerMove(track, { pointerId: 1, clientX: 250 });
    fireEvent.pointerUp(track, { pointerId: 1 });
    expect(commits.at(-1)).toEqual([10, 25]);
  });
});
