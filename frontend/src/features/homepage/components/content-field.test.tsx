import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './content-field';

describe('a homepage field as a visitor sees it', () => {
  it('shows plain text at once, as text', () => {
    render(<Field path="pricing.tiers.0.price" value="$9.99" rich as="p" id="price" />);
    expect(document.getElementById('price')?.textContent).toBe('$9.99');
  });

  it('shows formatted pricing text only once it is sanitised, never the raw markup', async () => {
    render(<Field path="pricing.tiers.0.price" value={'<b>$9</b><img src=x onerror="alert(1)">'} rich as="p" id="price" />);
    const field = document.getElementById('price')!;
    expect(field.innerHTML).not.toContain('onerror');
    expect(await screen.findByText('$9')).toBeInTheDocument();
    expect(field.innerHTML).toBe('<b>$9</b>');
  });

  it('never treats a plain field as markup', () => {
    render(<Field path="hero.headline" value="<b>Earn</b>" as="h1" />);
    expect(screen.getByRole('heading').textContent).toBe('<b>Earn</b>');
  });
});
