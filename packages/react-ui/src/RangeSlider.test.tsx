import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RangeSlider } from './RangeSlider';

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
