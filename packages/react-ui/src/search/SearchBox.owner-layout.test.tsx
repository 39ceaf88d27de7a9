// The owner's dropdown settings as SearchBox props: products column side, loading block, header look,
// the phone's dropdown instead of the overlay, and the greatest height and width.
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createSuggestController } from '@pkg/suggest';
import { SearchBox } from './SearchBox';
import { fakeService, makeController, settings } from './test-shop';

async function open(props: Partial<Parameters<typeof SearchBox>[0]> = {}) {
  const user = userEvent.setup();
  const { controller } = makeController();
  const view = render(<SearchBox controller={controller} settings={settings} {...props} />);
  await user.type(screen.getByRole('combobox'), 'red');
  await act(() => controller.idle());
  return { ...view, dropdown: view.container.querySelector('.pkg-suggest__dropdown') as HTMLElement };
}

describe('SearchBox with the owner\'s dropdown settings', () => {
  it('[S4.10] productPosition left puts the products column first (the stylesheet draws it on the left); right and the default keep it after the other blocks', async () => {
    const left = await open({ productPosition: 'left' });
    expect(left.dropdown).toHaveClass('pkg-suggest__dropdown--columns', 'pkg-suggest__dropdown--products-left');
    left.unmount();
    const right = await open({ productPosition: 'right' });
    expect(right.dropdown).not.toHaveClass('pkg-suggest__dropdown--products-left');
  });

  it('[S4.10] showLoading false: no loading block and no empty dropdown while the first answer is on its way; the answer still shows', async () => {
    const user = userEvent.setup();
    const service = fakeService({ hold: true });
    const controller = createSuggestController({ settings, transport: service.transport, storage: null, pathname: '/', navigate: () => undefined });
    const { container } = render(<SearchBox controller={controller} settings={settings} showLoading={false} />);
    await user.type(screen.getByRole('combobox'), 'red');
    await vi.waitFor(() => expect(service.calls.length).toBe(1));
    expect(container.querySelector('.pkg-suggest__dropdown')).toBeNull();
    expect(screen.queryByText('Loading…')).toBeNull();
    service.releaseAll();
    await act(() => controller.idle());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('header: the block titles\' colours and font size reach the dropdown as custom properties the stylesheet draws; none without it', async () => {
    const styled = await open({ header: { color: '#ffffff', background: 'rgb(20, 40, 120)', fontSize: '16px' } });
    expect(styled.dropdown.style.getPropertyValue('--pkg-suggest-title-color')).toBe('#ffffff');
    expect(styled.dropdown.style.getPropertyValue('--pkg-suggest-title-bg')).toBe('rgb(20, 40, 120)');
    expect(styled.dropdown.style.getPropertyValue('--pkg-suggest-title-size')).toBe('16px');
    styled.unmount();
    const plain = await open();
    expect(plain.dropdown.style.getPropertyValue('--pkg-suggest-title-color')).toBe('');
  });

  it('[S4.10, S9.20] maxHeight and maxWidth replace the style\'s 640 px and 850 px, the height still within the window', async () => {
    const { dropdown } = await open({ maxHeight: 300, maxWidth: 500, width: 900 });
    expect(dropdown.style.maxHeight).toBe('300px');
    expect(dropdown.style.maxWidth).toBe('500px');
    expect(dropdown.style.width).toBe('500px');
  });

  it('[S2.25, S2.26] mobileStyle style2 on a narrow screen: the dropdown under the box in style 1 (one column), no overlay; style1 keeps the overlay', async () => {
    const drop = await open({ mobile: true, mobileStyle: 'style2', style: 'style3' });
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
    expect(drop.dropdown).toHaveClass('pkg-suggest__dropdown--style1');
    expect(drop.dropdown).not.toHaveClass('pkg-suggest__dropdown--columns');
    // Placed under the box (not in the flow, as the overlay's list is).
    expect(drop.dropdown.style.position).toBe('absolute');
    expect(screen.queryByRole('dialog')).toBeNull();
    drop.unmount();
    const { controller } = makeController();
    render(<SearchBox controller={controller} settings={settings} mobile mobileStyle="style1" />);
    fireEvent.click(screen.getByRole('searchbox'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
