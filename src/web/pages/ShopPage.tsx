import { useMemo, type MouseEvent } from 'react';
import type { SpecNames } from '../../catalogue/specs/index.ts';
import {
  appPath,
  categoryPath,
  SHOP_BASE_PATH,
  SHOP_CATEGORIES,
} from '../../contracts/shop-paths.ts';
import { SiteFooter } from '../app/SiteFooter.tsx';
import { shellText } from '../app/texts.ts';
import { Logo } from '../components/art/Logo.tsx';
import { listPageText } from '../components/page-frame/list-header.tsx';
import { ToastProvider } from '../components/toast/index.ts';
import { CategoryPage, ProductPage, pageText } from '../features/browse/index.ts';
import { PageSnapshotContext, type PageSnapshot } from '../state/page-snapshot.ts';
import { useCartCount } from '../state/cart-store.ts';
import { stockKey } from '../state/stock-store.ts';
import type { PageData } from './page-data.ts';
import '../app/theme.css';
import '../app/layout.css';
import '../app/not-found.css';

function CartLink() {
  const count = useCartCount();
  return (
    <a
      href={appPath('#/cart')}
      className="site-nav__link"
      aria-label={count > 0 ? shellText.cartName(count) : undefined}
    >
      <svg className="site-nav__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.4a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.1" />
        <circle cx="9.5" cy="19.5" r="1.4" />
        <circle cx="17" cy="19.5" r="1.4" />
      </svg>
      {shellText.nav.cart}
      {count > 0 && (
        <span className="site-nav__badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}

/** The shop's header with plain links: these pages are outside the web app's hash routes. */
function PageHeader({ current }: { current?: string }) {
  const links = [
    { href: appPath('#/home'), name: shellText.nav.home },
    ...SHOP_CATEGORIES.map((category) => ({
      href: categoryPath(category),
      name: listPageText[category].title,
    })),
  ];
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a href={SHOP_BASE_PATH} className="site-brand">
          <Logo decorative className="site-brand__mark" />
          <span>{shellText.brand}</span>
        </a>
        <nav aria-label={shellText.navLabel} className="site-nav">
          <ul className="site-nav__list">
            {links.map(({ href, name }) => (
              <li key={href}>
                <a
                  href={href}
                  className="site-nav__link"
                  aria-current={name === current ? 'page' : undefined}
                >
                  {name}
                </a>
              </li>
            ))}
            <li>
              <CartLink />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/** A missing or retired product's page: what happened, and where to go instead. */
function NotHere({ title, body }: { title: string; body: string }) {
  return (
    <div className="page container not-found">
      <h1>{title}</h1>
      <p className="page-lead">{body}</p>
      <nav aria-label={pageText.categories}>
        <ul className="not-found__links">
          {SHOP_CATEGORIES.map((category) => (
            <li key={category}>
              <a className="button" href={categoryPath(category)}>
                {listPageText[category].title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

function PageContent({ data }: { data: PageData }) {
  const names = useMemo<SpecNames>(() => {
    const byKey = new Map(data.kind === 'product' ? data.names : []);
    return { byKey: (key) => (byKey.has(key) ? { name: byKey.get(key)! } : undefined) };
  }, [data]);
  switch (data.kind) {
    case 'product':
      return <ProductPage product={data.product} names={names} />;
    case 'category':
      return <CategoryPage category={data.category} products={data.products} />;
    case 'missing':
      return <NotHere title={pageText.missingTitle} body={pageText.missingBody} />;
    case 'gone':
      return <NotHere title={pageText.goneTitle} body={pageText.goneBody(data.name)} />;
  }
}

/** A whole server-rendered page of the shop: header, the page, footer. */
export function ShopPage({ data }: { data: PageData }) {
  const snapshot = useMemo<PageSnapshot>(
    () => ({
      stock: new Map(data.stock.map((s) => [stockKey(s.productKey, s.color), s.available])),
      ratings: new Map(data.ratings),
      availability: new Map(data.availability.map((a) => [a.productKey, a])),
      storageUrl: data.storageUrl,
    }),
    [data],
  );
  const current = data.kind === 'category' ? listPageText[data.category].title : undefined;
  return (
    <PageSnapshotContext value={snapshot}>
      <ToastProvider>
        <a className="skip-link" href="#main" onClick={skipToContent}>
          {shellText.skipLink}
        </a>
        <PageHeader current={current} />
        <main id="main" tabIndex={-1} className="site-main">
          <PageContent data={data} />
        </main>
        <SiteFooter />
      </ToastProvider>
    </PageSnapshotContext>
  );
}
