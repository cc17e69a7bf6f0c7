// The server's way into the web app (docs/decisions/0049-server-rendered-product-pages.md): a
// product, category or not-found page as HTML, rendered by React from the page's data, with the
// same components the browser then hydrates (main.tsx). The server loads this module when it first
// answers such a page; nothing here touches a browser API while rendering.
import { renderToString } from 'react-dom/server';
import { ProductArt } from '../components/art/ProductArt.tsx';
import type { Category, Product } from '../../catalogue/index.ts';
import { listPageText } from '../components/page-frame/list-header.tsx';
import { ShopPage } from './ShopPage.tsx';
import type { PageData } from './page-data.ts';

export type { PageData } from './page-data.ts';
export { PAGE_DATA_ID } from './page-data.ts';

/** The page's body: what goes inside its root element. */
export function renderPage(data: PageData): string {
  return renderToString(<ShopPage data={data} />);
}

/** A product's drawing in its default colour, as an SVG document (for its preview image). */
export function renderDrawing(product: Product): string {
  const svg = renderToString(<ProductArt product={product} color={product.selectedColor} />);
  // Inline in a page the namespace is implied; a file of its own must name it.
  return svg.includes('xmlns=')
    ? svg
    : svg.replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"');
}

/** A category's title and introduction, as its list page shows them. */
export function categoryText(category: Category): { title: string; intro: string } {
  return listPageText[category];
}
