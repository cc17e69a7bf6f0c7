import type { ComponentType } from 'react';
import { preloadable, preloadIfLazy } from '../lib/preloadable.tsx';
import { HomePage } from '../features/home/index.ts';
import { EMAIL_LINK_ROUTE } from '../lib/mailed-link.ts';
import { CartFrame, listFrame } from './page-frames.tsx';
import { shellText } from './texts.ts';
import { hasStoredCart } from './use-cart-badge-count.ts';

export interface AppRoute {
  path: string;
  /** document.title becomes "{title} · Keebshop". */
  title: string;
  Page: ComponentType;
  /** What the first chunk shows while a lazy page loads, instead of the loading line. */
  Frame?: ComponentType;
  /** docs/product.md, Navigation and footer: no footer on the account forms. */
  hideFooter?: boolean;
  /** Also matches the paths below it (`/admin/orders/KS-10042`); the page reads the rest. */
  nested?: boolean;
}

/**
 * Home ships in the main chunk; every other page is its own chunk, fetched on first visit, with
 * any page its feature itself loads lazily. The page is rendered inside wouter's router (which
 * arrives with the page, not in the main chunk). The shell preloads a page before showing it
 * (RoutePage in App.tsx), so it renders without suspending (lib/preloadable.tsx).
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return preloadable(async () => {
    const [module, { WouterScope }] = await Promise.all([load(), import('./WouterScope.tsx')]);
    const Page = pick(module);
    await preloadIfLazy(Page);
    return function RoutedPage() {
      return (
        <WouterScope>
          <Page />
        </WouterScope>
      );
    };
  });
}
/**
 * The chunks of a page that shows products, with the catalogue's request started beside them
 * (state/use-catalogue.ts), not once the page has arrived and mounted: the grid then waits for
 * whichever comes last. The store's module (with the rows' schema) is never in the first chunk.
 */
function withCatalogue<M>(load: () => Promise<M>, needed: () => boolean = () => true) {
  return () => {
    if (needed()) {
      void import('../state/use-catalogue.ts').then(
        (m) => m.preloadCatalogue(),
        () => undefined, // the page's own load tries again and says so
      );
    }
    return load();
  };
}
const catalogue = withCatalogue(() => import('./catalogue-pages.tsx'));
const auth = () => import('../features/auth/index.ts');
const checkout = () => import('../features/checkout/index.ts');

export const routes: readonly AppRoute[] = [
  { path: '/home', title: 'Home', Page: HomePage },
  {
    path: '/keyboard',
    title: 'Keyboards',
    Page: lazyPage(catalogue, (m) => m.KeyboardsPage),
    Frame: listFrame('keyboards'),
  },
  {
    path: '/switches',
    title: 'Switches',
    Page: lazyPage(catalogue, (m) => m.SwitchesPage),
    Frame: listFrame('switches'),
  },
  {
    path: '/accessories',
    title: 'Accessories',
    Page: lazyPage(catalogue, (m) => m.AccessoriesPage),
    Frame: listFrame('accessories'),
  },
  {
    path: '/compare',
    title: 'Compare',
    Page: lazyPage(
      withCatalogue(() => import('../features/compare/index.ts')),
      (m) => m.ComparePage,
    ),
  },
  {
    path: '/cart',
    title: 'Your Cart',
    // The cart page with its Checkout button wired by the checkout feature.
    Page: lazyPage(
      // An empty cart needs no catalogue.
      withCatalogue(() => import('./CartWithCheckout.tsx'), hasStoredCart),
      (m) => m.CartWithCheckout,
    ),
    Frame: CartFrame,
  },
  { path: '/login', title: 'Login', Page: lazyPage(auth, (m) => m.LoginPage), hideFooter: true },
  {
    path: '/signup',
    title: 'Sign Up',
    Page: lazyPage(auth, (m) => m.SignUpPage),
    hideFooter: true,
  },
  {
    path: '/forgotPassword',
    title: 'Forgot password',
    Page: lazyPage(auth, (m) => m.ForgotPasswordPage),
    hideFooter: true,
  },
  {
    path: '/resetPassword',
    title: 'Set a new password',
    Page: lazyPage(auth, (m) => m.ResetPasswordPage),
    hideFooter: true,
  },
  {
    // Where a mailed link lands (lib/mailed-link.ts); not linked from anywhere.
    path: EMAIL_LINK_ROUTE,
    title: 'Email link',
    Page: lazyPage(auth, (m) => m.EmailLinkPage),
    hideFooter: true,
  },
  {
    path: '/settings',
    title: 'Account Settings',
    Page: lazyPage(
      () => import('../features/account/index.ts'),
      (m) => m.SettingsPage,
    ),
    hideFooter: true,
  },
  {
    path: '/orderHistory',
    title: 'Order History',
    Page: lazyPage(
      withCatalogue(() => import('../features/orders/index.ts')),
      (m) => m.OrderHistoryPage,
    ),
  },
  {
    path: '/orderSuccess',
    title: 'Order Confirmation',
    Page: lazyPage(checkout, (m) => m.OrderConfirmationPage),
  },
  {
    path: '/admin',
    title: 'Back office',
    Page: lazyPage(
      () => import('../features/admin/index.ts'),
      (m) => m.AdminPage,
    ),
    nested: true,
  },
];

const notFound: AppRoute = {
  path: '*',
  title: shellText.notFoundTitle,
  Page: preloadable(() => import('./NotFoundPage.tsx').then((m) => m.default)),
};

/** `/` and the empty hash are redirected to /home by the app, not matched here. */
export function isRootPath(path: string): boolean {
  return path.replace(/\/+$/, '') === '';
}

// Like wouter's default matcher: case-insensitive, optional trailing slash.
export function findRoute(path: string): AppRoute {
  const wanted = path.replace(/\/+$/, '').toLowerCase();
  return (
    routes.find((route) => {
      const own = route.path.toLowerCase();
      return own === wanted || (route.nested === true && wanted.startsWith(own + '/'));
    }) ?? notFound
  );
}
