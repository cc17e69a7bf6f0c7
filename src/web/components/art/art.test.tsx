import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixtureCatalogue, fixtureProducts } from '../../../catalogue/__fixtures__/catalogue.ts';
import type { Product } from '../../../catalogue/index.ts';
import { boardLayout, splitHalf } from './keyboard-layouts.ts';
import { FALLBACK_HEX } from './palette.ts';
import {
  AccessoryArt,
  colorHex,
  HeroArt,
  KeyboardArt,
  Logo,
  ProductArt,
  SwitchArt,
} from './index.ts';

const fills = (svg: Element) =>
  new Set([...svg.querySelectorAll('[fill]')].map((el) => el.getAttribute('fill')));

function product(name: string): Product {
  const p = fixtureCatalogue.byName(name);
  if (!p) throw new Error(`no product ${name}`);
  return p;
}

describe('product art', () => {
  it('redraws a keyboard in the colour chosen', () => {
    const board = product('Mechanical Keyboard Pro');
    const { rerender } = render(<ProductArt product={board} color="Black" />);
    const black = screen.getByRole('img', { name: 'Mechanical Keyboard Pro in Black' });
    expect(fills(black)).toContain(colorHex('Black'));
    expect(fills(black)).not.toContain(colorHex('Red'));

    rerender(<ProductArt product={board} color="Red" />);
    const red = screen.getByRole('img', { name: 'Mechanical Keyboard Pro in Red' });
    expect(fills(red)).toContain(colorHex('Red'));
    expect(fills(red)).not.toContain(colorHex('Black'));
  });

  it('draws a switch housing in its colour, and a clear one see-through', () => {
    const { container, rerender } = render(<SwitchArt color="Pumpkin" />);
    expect(fills(container.querySelector('svg')!)).toContain(colorHex('Pumpkin'));
    expect(container.querySelector('[fill-opacity="0.55"]')).toBeNull();
    rerender(<SwitchArt color="Clear" />);
    expect(container.querySelectorAll('[fill-opacity="0.55"]').length).toBeGreaterThan(0);
  });

  it('falls back to the logo for a product kind it cannot draw', () => {
    const odd = { ...product('Mouse'), art: 'jetpack' } as unknown as Product;
    render(<ProductArt product={odd} color="Standard" />);
    const img = screen.getByRole('img', { name: 'Mouse in Standard' });
    expect(img.getAttribute('viewBox')).toBe('0 0 48 48');

    const unknownCategory = { ...product('Mouse'), category: 'gadgets' } as unknown as Product;
    render(<ProductArt product={unknownCategory} color="Standard" title="Gadget" />);
    expect(screen.getByRole('img', { name: 'Gadget' }).getAttribute('viewBox')).toBe('0 0 48 48');
  });

  it('draws every product in every colour as a scalable, named image', () => {
    for (const p of fixtureProducts) {
      for (const color of p.availableColors) {
        const { container, unmount } = render(<ProductArt product={p} color={color} />);
        const svg = container.querySelector('svg')!;
        expect(svg.getAttribute('viewBox'), p.name).toBe('0 0 320 200');
        expect(svg.getAttribute('role')).toBe('img');
        expect(svg.getAttribute('aria-label')).toBe(`${p.name} in ${color}`);
        expect(svg.getAttribute('width')).toBeNull();
        unmount();
      }
    }
  });

  it('hides decorative drawings from assistive tech', () => {
    const { container } = render(<AccessoryArt kind="mouse" color="Standard" decorative />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('role')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('names the logo and the hero', () => {
    render(
      <>
        <Logo />
        <Logo wordmark title="Keebshop home" />
        <HeroArt />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Keebshop' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Keebshop home' }).textContent).toContain('Keebshop');
    expect(screen.getByRole('img', { name: /keyboard glowing in RGB/ })).toBeTruthy();
  });

  it('draws each layout with its own set of keys', () => {
    expect(boardLayout('full').keys).toHaveLength(104);
    expect(boardLayout('tkl').keys).toHaveLength(87);
    expect(boardLayout('compact').keys).toHaveLength(68);
    expect(splitHalf().keys).toHaveLength(29);
    const { container, rerender } = render(<KeyboardArt layout="full" color="Blue" />);
    // Each kind of key is one group; it says how many caps its paths draw.
    const count = () =>
      [...container.querySelectorAll('[data-keys]')].reduce(
        (sum, group) => sum + Number(group.getAttribute('data-keys')),
        0,
      );
    expect(count()).toBe(104);
    rerender(<KeyboardArt layout="compact" color="Blue" />);
    expect(count()).toBe(68);
    rerender(<KeyboardArt layout="ergonomic" color="Blue" />);
    expect(count()).toBe(2 * 29);
  });
});

describe('colorHex', () => {
  it('knows every colour of the catalogue, and falls back to a neutral grey', () => {
    const colours = new Set(fixtureProducts.flatMap((p) => p.availableColors));
    for (const c of colours) expect(colorHex(c), c).not.toBe(FALLBACK_HEX);
    expect(colorHex('black')).toBe(colorHex('Black'));
    expect(colorHex('Ultraviolet')).toBe(FALLBACK_HEX);
  });
});
