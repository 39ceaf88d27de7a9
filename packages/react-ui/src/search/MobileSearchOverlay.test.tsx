import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './SearchBox';
import { makeController, settings } from './test-shop';

afterEach(() => vi.useRealTimers());

function setup(showMobileSubmit = false) {
  const shop = makeController();
  render(
    <>
      <SearchBox controller={shop.controller} settings={settings} mobile showMobileSubmit={showMobileSubmit} />
      <p>page</p>
    </>,
  );
  return { ...shop, trigger: screen.getByRole('searchbox', { name: 'Search' }) };
}

/** Focus the box on a narrow screen and let the 100 ms focus delay pass. */
function openByFocus(trigger: HTMLElement) {
  act(() => trigger.focus());
  act(() => void vi.advanceTimersByTime(100));
}

describe('MobileSearchOverlay', () => {
  it('[S2.26] opens 100 ms after focus on a narrow screen, not before', () => {
    vi.useFakeTimers();
    const { trigger } = setup();
    act(() => trigger.focus());
    act(() => void vi.advanceTimersByTime(99));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('combobox')).toHaveFocus();
  });

  it('[S2.26] opens at once on a click, with back button, input and no submit unless asked', () => {
    const { trigger } = setup();
    fireEvent.click(trigger);
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
  });

  it('[S2.26] the form submits by GET to /search with the term key; the optional submit button', () => {
    const { trigger } = setup(true);
    fireEvent.click(trigger);
    const form = screen.getByRole('combobox').closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/search');
    expect(screen.getByRole('combobox')).toHaveAttribute('name', 'q');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
  });

  it('[S2.26] closes on the back button and hands focus back without reopening', () => {
    vi.useFakeTimers();
    const { trigger } = setup();
    openByFocus(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
    act(() => void vi.advanceTimersByTime(500));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('[S2.26] closes on a touch outside the panel', () => {
    const { trigger } = setup();
    fireEvent.click(trigger);
    fireEvent.pointerDown(document.querySelector('.pkg-suggest-overlay__backdrop')!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('[S2.26] the clear button shows once there is text; clearing empties the box and closes', () => {
    const { trigger, controller } = setup();
    fireEvent.click(trigger);
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'red' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(controller.getSnapshot().input).toBe('');
    expect(trigger).toHaveValue('');
  });

  it('[S2.26] emptying the input by typing closes too', () => {
    const { trigger } = setup();
    fireEvent.click(trigger);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'r' } });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '' } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the dialog (aria-modal)', async () => {
    const { trigger } = setup(true);
    fireEvent.click(trigger);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'red' } });
    const back = screen.getByRole('button', { name: 'Back' });
    const submit = screen.getByRole('button', { name: 'Search' });
    act(() => submit.focus());
    fireEvent.keyDown(submit, { key: 'Tab' });
    expect(back).toHaveFocus();
    fireEvent.keyDown(back, { key: 'Tab', shiftKey: true });
    expect(submit).toHaveFocus();
  });

  it('[S9.20] shows the suggestions full width right under the input (no gap)', async () => {
    const { trigger, controller } = setup();
    fireEvent.click(trigger);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'red' } });
    await act(() => controller.idle());
    const dropdown = document.querySelector<HTMLElement>('.pkg-suggest__dropdown')!;
    expect(dropdown.style.position).toBe('static');
    expect(dropdown.style.left).toBe('0px');
    expect(dropdown.style.right).toBe('0px');
    expect(dropdown.style.width).toBe('');
    expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
  });
});
