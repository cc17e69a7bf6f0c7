import { Fragment } from 'react';
import { formatPrice, type Product } from '../../../catalogue/index.ts';
import { browseText } from './texts.ts';

// docs/product.md, Product lists: switch and accessory prices show 2 decimals; keyboards are priced
// in whole dollars.
export function listPrice(product: Product): string {
  return formatPrice(product.priceCents, product.category === 'keyboards' ? 0 : 2);
}

/**
 * The facts shown after the price, per docs/product.md, Product lists: colour and connectivity, or
 * type.
 */
export function productFacts(product: Product, { withColour = true } = {}): string[] {
  switch (product.category) {
    case 'keyboards':
      return [
        ...(withColour ? [browseText.colour(product.selectedColor)] : []),
        browseText.connectivity(product.connectivity),
      ];
    case 'switches':
      return [browseText.type(product.type)];
    case 'accessories':
      return product.type ? [browseText.type(product.type)] : [];
  }
}

/** Facts as separate spans with spaces between, so they read as separate words. */
export function FactList({ facts, className }: { facts: readonly string[]; className: string }) {
  if (facts.length === 0) return null;
  return (
    <p className={className}>
      {facts.map((fact, i) => (
        <Fragment key={fact}>
          {i > 0 && ' '}
          <span>{fact}</span>
        </Fragment>
      ))}
    </p>
  );
}
