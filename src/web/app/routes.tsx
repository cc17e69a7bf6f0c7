import { lazy, type ComponentType } from 'react';
import { HomePage } from '../features/home/index.ts';
import { pageTitles, shellText } from './texts.ts';

export interface AppRoute {
  path: string;
  title: string;
  Page: ComponentType;
  /** SPEC section 2: no footer on the account forms. */
  hideFooter?: boolean;
}

// Home ships in the main chunk; every other page is its own chunk, fetched on first visit.
const KeyboardsPage = lazy(() =>
  import('../features/browse/index.ts').then((m) => ({ default: m.KeyboardsPage })),
);
const SwitchesPage = lazy(() =>
  import('../features/browse/index.ts').then((m) => ({ default: m.SwitchesPage })),
);
const AccessoriesPage = lazy(() =>
  import('../features/browse/index.ts').then((m) => ({ default: m.AccessoriesPage })),
);
const CartPage = lazy(() =>
  import('../features/cart/index.ts').then((m) => ({ default: m.CartPage })),
);
const LoginPage = lazy(() =>
  import('../features/auth/index.ts').then((m) => ({ default: m.LoginPage })),
);
const SignUpPage = lazy(() =>
  import('../features/auth/index.ts').then((m) => ({ default: m.SignUpPage })),
);
const SettingsPage = lazy(() =>
  import('../features/account/index.ts').then((m) => ({ default: m.SettingsPage })),
);
const OrderHistoryPage = lazy(() =>
  import('../features/orders/index.ts').then((m) => ({ default: m.OrderHistoryPage })),
);
const OrderConfirmationPage = lazy(() =>
  import('../features/checkout/index.ts').then((m) => ({ default: m.OrderConfirmationPage })),
);
const NotFoundPage = lazy(() => import('./NotFoundPage.tsx'));

const pages: Record<string, ComponentType> = {
  '/home': HomePage,
  '/keyboard': KeyboardsPage,
  '/switches': SwitchesPage,
  '/accessories': AccessoriesPage,
  '/cart': CartPage,
  '/login': LoginPage,
  '/signup': SignUpPage,
  '/settings': SettingsPage,
  '/orderHistory': OrderHistoryPage,
  '/orderSuccess': OrderConfirmationPage,
};

const noFooter = new Set(['/login', '/signup', '/settings']);

export const routes: readonly AppRoute[] = Object.entries(pages).map(([path, Page]) => ({
  path,
  Page,
  title: pageTitles[path] ?? shellText.brand,
  hideFooter: noFooter.has(path),
}));

const notFound: AppRoute = { path: '*', title: shellText.notFoundTitle, Page: NotFoundPage };

/** `/` and the empty hash are redirected to /home by the app, not matched here. */
export function isRootPath(path: string): boolean {
  return path.replace(/\/+$/, '') === '';
}

// Like wouter's default matcher: case-insensitive, optional trailing slash.
export function findRoute(path: string): AppRoute {
  const wanted = path.replace(/\/+$/, '').toLowerCase();
  return routes.find((route) => route.path.toLowerCase() === wanted) ?? notFound;
}
