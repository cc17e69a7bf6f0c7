// The pages every whole-page check (axe, narrow viewport) visits, each brought to its settled state.
import type { Page } from '@playwright/test';
import {
  LISTS,
  ROUTES,
  addToCart,
  cartLines,
  expect,
  openProduct,
  openRoute,
  settle,
} from './app.ts';

export interface PageState {
  name: string;
  open: (page: Page) => Promise<void>;
}

function route(hash: string): PageState {
  const found = ROUTES.find((r) => r.hash === hash);
  if (!found) throw new Error(`unknown route ${hash}`);
  return { name: hash, open: (page) => openRoute(page, found.hash, found.h1) };
}

export const PAGES: readonly PageState[] = [
  route('#/home'),
  route('#/keyboard'),
  route('#/switches'),
  route('#/accessories'),
  {
    name: 'product dialog',
    open: async (page) => {
      await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
      await openProduct(page, 'Mechanical Keyboard Pro');
    },
  },
  route('#/cart'),
  {
    name: 'cart with items',
    open: async (page) => {
      await addToCart(page, LISTS.keyboards, 'Wireless Compact Keyboard', 'Blue');
      await addToCart(page, LISTS.accessories, 'Keyboard Case');
      await openRoute(page, '#/cart', 'Your Cart');
      await expect(cartLines(page)).toHaveCount(2);
    },
  },
  route('#/login'),
  route('#/signup'),
  route('#/forgotPassword'),
  route('#/resetPassword'),
  route('#/settings'),
  route('#/orderHistory'),
  route('#/orderSuccess?session_id=cs_test_e2e'),
  route('#/no-such-page'),
];

/** Opens a page state and waits until nothing is animating. */
export async function visit(page: Page, state: PageState): Promise<void> {
  await state.open(page);
  await settle(page);
}
