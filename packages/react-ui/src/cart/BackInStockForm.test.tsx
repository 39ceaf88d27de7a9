import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BackInStockForm, backInStockTexts, defaultBackInStockTranslations } from './BackInStockForm';
import { freshEngine } from './cart-test-utils';

const endpoint = 'http://shop.test/api/back-in-stock';

describe('BackInStockForm', () => {
  it("[F8.7, F8.8] takes the shop's texts from its labels (invalidEmail, notifySuccess as thanks), the English ones where it has none", () => {
    expect(backInStockTexts({ invalidEmail: 'Adresse invalide.' })).toEqual({ invalidEmail: 'Adresse invalide.', thanks: defaultBackInStockTranslations.thanks });
    expect(backInStockTexts({ notifySuccess: 'Merci !' }).thanks).toBe('Merci !');
    expect(defaultBackInStockTranslations.thanks).toBe('Thanks! We will notify you when this product becomes available!');
  });

  it('[F8.7] refuses a malformed address with the catalogue message and sends nothing', async () => {
    const fetch = vi.fn();
    render(<BackInStockForm productId="1" variantId="1001" endpoint={endpoint} fetch={fetch} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'shopper@example');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Please provide a valid email address\.$/);
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Please provide a valid email address.');
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('[F8.8] posts the request, which the engine records, and thanks the shopper', async () => {
    const engine = freshEngine();
    render(<BackInStockForm productId="1" variantId="1001" endpoint={endpoint} fetch={engine.fetch} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), ' shopper@example.com ');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Thanks! We will notify you when this product becomes available!$/);
    expect(engine.backInStockRequests()).toEqual([{ email: 'shopper@example.com', product_id: '1', variant_id: '1001', at: expect.any(Number) }]);
  });

  it('[F8.7] shows the catalogue message when the service rejects the address, and a retry message on other failures', async () => {
    const rejects = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: 'invalid_email', message: 'x' }), { status: 400 })));
    const { unmount } = render(<BackInStockForm productId="1" endpoint={endpoint} fetch={rejects} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Please provide a valid email address.')).toBeInTheDocument();
    unmount();
    render(<BackInStockForm productId="no-such-product" endpoint={endpoint} fetch={freshEngine().fetch} />);
    await user.type(screen.getByLabelText('Email address'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });
});
