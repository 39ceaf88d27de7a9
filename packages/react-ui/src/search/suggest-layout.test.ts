import { describe, expect, it } from 'vitest';
import { productsPerRow, suggestLayout, type SuggestLayoutInput } from './suggest-layout';

const viewport = { width: 1280, height: 900 };
const leftInput = { top: 20, left: 100, right: 400, bottom: 60 };
const rightInput = { top: 20, left: 900, right: 1200, bottom: 60 };
const base: SuggestLayoutInput = { style: 'style2', input: leftInput, viewport };

describe('suggestLayout', () => {
  it('[S4.10, S9.20, F9.8] sits 12 px under the input, left aligned for an input on the left, width auto matching the input', () => {
    const l = suggestLayout({ ...base, container: { top: 10, left: 50, right: 1250, bottom: 70 } });
    expect(l).toMatchObject({ position: 'absolute', top: 60 - 10 + 12, left: 100 - 50, right: null, width: 300, align: 'left' });
  });

  it('[S4.10] is right aligned for an input on the right, and takes a width setting', () => {
    const l = suggestLayout({ ...base, input: rightInput, width: 700 });
    expect(l).toMatchObject({ align: 'right', left: null, right: 1280 - 1200, width: 700 });
  });

  it('[S9.20, F9.8] max widths: 850 style 2 grid, 800 style 2 list 2 per row, 526 list 1 per row', () => {
    expect(suggestLayout({ ...base, width: 2000 }).maxWidth).toBe(850);
    expect(suggestLayout({ ...base, width: 2000 }).width).toBe(850);
    expect(suggestLayout({ ...base, display: 'list' }).maxWidth).toBe(800);
    expect(suggestLayout({ ...base, display: 'list', listPerRow: 1 }).maxWidth).toBe(526);
    expect(suggestLayout({ ...base, style: 'style1', display: 'list' }).maxWidth).toBe(526);
  });

  it('[S9.20, F9.8] max height 640, 564 for style 2 lists, capped at the window height minus 30 px', () => {
    expect(suggestLayout(base).maxHeight).toBe(640);
    expect(suggestLayout({ ...base, display: 'list' }).maxHeight).toBe(564);
    expect(suggestLayout({ ...base, style: 'style1', display: 'list' }).maxHeight).toBe(640);
    expect(suggestLayout({ ...base, viewport: { width: 1280, height: 500 } }).maxHeight).toBe(470);
    expect(suggestLayout({ ...base, display: 'list', viewport: { width: 1280, height: 560 } }).maxHeight).toBe(530);
  });

  it('takes the owner\'s side (suggestionPosition) over the input\'s place', () => {
    expect(suggestLayout({ ...base, position: 'right' })).toMatchObject({ align: 'right', left: null, right: 1280 - 400 });
    expect(suggestLayout({ ...base, input: rightInput, position: 'left' })).toMatchObject({ align: 'left', left: 900, right: null });
    expect(suggestLayout({ ...base, position: undefined }).align).toBe('left');
  });

  it('[S9.20] takes the owner\'s greatest height (suggestionMaxHeight), still capped by the window, and greatest width (suggestionMaxWidth) over the style\'s', () => {
    expect(suggestLayout({ ...base, maxHeight: 300 }).maxHeight).toBe(300);
    expect(suggestLayout({ ...base, display: 'list', maxHeight: 700 }).maxHeight).toBe(700);
    expect(suggestLayout({ ...base, maxHeight: 800, viewport: { width: 1280, height: 500 } }).maxHeight).toBe(470);
    expect(suggestLayout({ ...base, maxWidth: 500, width: 900 })).toMatchObject({ maxWidth: 500, width: 500 });
    expect(suggestLayout({ ...base, display: 'list', listPerRow: 1, maxWidth: 700, width: 900 })).toMatchObject({ maxWidth: 700, width: 700 });
    // Style 3 stays a full-width panel.
    expect(suggestLayout({ ...base, style: 'style3', maxWidth: 500 })).toMatchObject({ maxWidth: null, width: null });
  });

  it('[S9.20] a list\'s products per row as the owner set them in styles 2 and 3 (style 1 lists one a row); 800 px wide from two a row', () => {
    expect(productsPerRow('style3', 'list')).toBe(1);
    expect(productsPerRow('style3', 'list', 3)).toBe(3);
    expect(productsPerRow('style2', 'list', 4)).toBe(4);
    expect(productsPerRow('style1', 'list', 3)).toBe(1);
    expect(productsPerRow('style3', 'grid', 2)).toBe(4);
    expect(suggestLayout({ ...base, display: 'list', listPerRow: 3 }).maxWidth).toBe(800);
  });

  it('[S9.20, F9.8] products per row: style 1 grid 3, list 1; style 2 grid 3; style 3 grid 4', () => {
    expect(productsPerRow('style1', 'grid')).toBe(3);
    expect(productsPerRow('style1', 'list')).toBe(1);
    expect(productsPerRow('style2', 'grid')).toBe(3);
    expect(productsPerRow('style3', 'grid')).toBe(4);
    expect(suggestLayout({ ...base, style: 'style3' }).productsPerRow).toBe(4);
  });

  it('[S4.10, S9.20] mobile is full width with no gap; style 3 is a full-width top panel', () => {
    expect(suggestLayout({ ...base, mobile: true })).toMatchObject({ position: 'static', top: 0, left: 0, right: 0, width: null, columns: 1 });
    expect(suggestLayout({ ...base, style: 'style3' })).toMatchObject({ position: 'fixed', top: 72, left: 0, right: 0, width: null, columns: 2 });
  });

  it('[S4.10] one column for style 1, two (products beside the other blocks) for style 2', () => {
    expect(suggestLayout({ ...base, style: 'style1' }).columns).toBe(1);
    expect(suggestLayout(base).columns).toBe(2);
  });

  it('never grows past the window edge it opens towards', () => {
    expect(suggestLayout({ ...base, style: 'style1', input: { top: 0, left: 1000, right: 1100, bottom: 40 }, width: 1500 }).width).toBe(1100);
    expect(suggestLayout({ ...base, style: 'style1', input: { top: 0, left: 10, right: 100, bottom: 40 }, viewport: { width: 400, height: 900 }, width: 800 }).width).toBe(390);
  });
});
