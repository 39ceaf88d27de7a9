import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price } from './Price';

describe('Price', () => {
  it('shows the sale price and strikes through a higher compare-at price', () => {
    const { container } = render(<Price amount={19.99} compareAtAmount={29.99} moneyFormat="${{amount}}" />);
    expect(container.querySelector('.pkg-price__current')).toHaveTextContent('Sale price $19.99');
    expect(container.querySelector('s.pkg-price__compare-at')).toHaveTextContent('Regular price $29.99');
    expect(container.querySelector('.pkg-price')).toHaveClass('pkg-price--on-sale');
  });

  it('shows no compare-at price when it is not above the price', () => {
    const { container } = render(<Price amount={19.99} compareAtAmount={19.99} moneyFormat="${{amount}}" />);
    expect(container.querySelector('s')).toBeNull();
    expect(container.textContent).toBe('$19.99');
  });

  it('renders a range when variants differ in price', () => {
    const { container } = render(<Price amount={10} maxAmount={25} moneyFormat="${{amount}}" />);
    expect(container.textContent).toBe('$10.00 – $25.00');
  });

  it('renders a shop format that carries markup as text, never as HTML', () => {
    const { container } = render(
      <Price amount={1234.5} moneyFormat={'<span class=money>&#36;{{amount}} USD</span><img src=x onerror=alert(1)>'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.money')).toBeNull();
    expect(screen.getByText(/\$1,234\.50 USD/)).toBeInTheDocument();
  });

  it('takes class names and translations from the theme', () => {
    const { container } = render(
      <Price
        amount={5}
        compareAtAmount={8}
        moneyFormat="{{amount}} €"
        classNames={{ root: 'theme-price', compareAt: 'theme-was' }}
        translations={{ salePrice: 'Angebot', regularPrice: 'Statt' }}
      />,
    );
    expect(container.querySelector('.theme-price')).not.toBeNull();
    expect(container.querySelector('.theme-was')).toHaveTextContent('Statt 8.00 €');
    expect(container.textContent).toContain('Angebot 5.00 €');
  });
});
