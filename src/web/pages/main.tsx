// The browser's side of a server-rendered page (docs/decisions/0049-server-rendered-product-pages.md):
// hydrates the markup the server sent with the data it rendered it from, so Add to Cart, the
// colour and quantity and the cart's count work as on the list pages; then it loads the current
// stock and ratings, as the list pages do.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PAGE_DATA_ID, type PageData } from './page-data.ts';
import { ShopPage } from './ShopPage.tsx';
import { LiveData } from './LiveData.tsx';

const root = document.getElementById('root');
const text = document.getElementById(PAGE_DATA_ID)?.textContent;
if (root && text) {
  const data = JSON.parse(text) as PageData;
  // In a transition, React hydrates in slices and lets the browser answer the shopper between
  // them, instead of in one long task; the page is already painted and readable meanwhile.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <ShopPage data={data} />
        <LiveData data={data} />
      </StrictMode>,
    );
  });
}
