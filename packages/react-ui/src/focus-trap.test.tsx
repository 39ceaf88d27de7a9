import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wrapTab } from './focus-trap';

describe('wrapTab', () => {
  it('keeps Tab inside a modal dialog: past the last control to the first, Shift+Tab from the first (or the dialog) to the last, skipping disabled and tabindex=-1 ones', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Outside</button>
        <div role="dialog" aria-modal="true" tabIndex={-1} onKeyDown={wrapTab}>
          <button type="button">First</button>
          <a href="#x">Link</a>
          <input aria-label="Field" />
          <button type="button">Last</button>
          <button type="button" disabled>
            Off
          </button>
          <a href="#y" tabIndex={-1}>
            Roving
          </a>
        </div>
      </>,
    );
    screen.getByRole('button', { name: 'Last' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    screen.getByRole('dialog').focus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    screen.getByRole('link', { name: 'Link' }).focus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Field' })).toHaveFocus();
  });
});
