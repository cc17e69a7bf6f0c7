import { ROUTES, cartLink, expect, heading, mainNav, openRoute, test } from './support/app.ts';

const HOME_H1 = 'Find Your Perfect Gaming Keyboard';

test.describe('routes', () => {
  for (const route of ROUTES) {
    test(`${route.hash} renders "${route.h1}"`, async ({ page }) => {
      await openRoute(page, route.hash, route.h1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    });
  }

  test('#/ and the bare base path land on #/home', async ({ page }) => {
    await page.goto('#/');
    await expect(heading(page, HOME_H1)).toBeVisible();
    await expect(page).toHaveURL(/\/keebshop\/#\/home$/);

    await page.goto('/keebshop/');
    await expect(heading(page, HOME_H1)).toBeVisible();
    await expect(page).toHaveURL(/\/keebshop\/#\/home$/);
  });

  test('the server redirects / to the shop', async ({ page }) => {
    await page.goto('/');
    await expect(heading(page, HOME_H1)).toBeVisible();
    await expect(page).toHaveURL(/\/keebshop\/#\/home$/);
  });

  test('an unknown route offers a way back home', async ({ page }) => {
    await openRoute(page, '#/definitely/not/here', 'Page not found');
    await page.getByRole('link', { name: 'Back to home', exact: true }).click();
    await expect(heading(page, HOME_H1)).toBeVisible();
    await expect(page).toHaveURL(/#\/home$/);
  });
});

test.describe('navigation and footer', () => {
  const NAV = [
    { link: 'Keyboards', h1: 'Keyboards', hash: '#/keyboard' },
    { link: 'Switches', h1: 'Switches', hash: '#/switches' },
    { link: 'Accessories', h1: 'Accessories', hash: '#/accessories' },
    { link: 'Cart', h1: 'Your Cart', hash: '#/cart' },
    { link: 'Login', h1: 'Login', hash: '#/login' },
    { link: 'Home', h1: HOME_H1, hash: '#/home' },
  ];

  test('the main navigation reaches every section', async ({ page }) => {
    await openRoute(page, '#/home', HOME_H1);
    for (const { link, h1, hash } of NAV) {
      await mainNav(page).getByRole('link', { name: link, exact: true }).click();
      await expect(heading(page, h1)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${hash.replace('/', '\\/')}$`));
    }
  });

  test('an empty cart shows no count in the Cart link', async ({ page }) => {
    await openRoute(page, '#/home', HOME_H1);
    await expect(cartLink(page)).toHaveAccessibleName('Cart');
  });

  for (const route of ROUTES) {
    const shown = route.footer ? 'shows' : 'hides';
    test(`${route.hash} ${shown} the footer`, async ({ page }) => {
      await openRoute(page, route.hash, route.h1);
      const footer = page.getByRole('contentinfo');
      if (route.footer) {
        await expect(footer).toBeVisible();
        await expect(footer).toContainText(/©|copyright/i);
        expect(await footer.getByRole('link').count()).toBeGreaterThanOrEqual(3);
      } else {
        await expect(footer).toHaveCount(0);
      }
    });
  }
});

test.describe('home', () => {
  test('shows the texts of docs/product.md word for word', async ({ page }) => {
    await openRoute(page, '#/home', HOME_H1);
    for (const text of [
      'Custom mechanical keyboards for every gamer and enthusiast.',
      'Discover the latest mechanical keyboards designed for gamers and professionals.',
      'Choose from a variety of switches to customize your typing experience.',
      'Enhance your setup with high-quality keyboard accessories.',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
  });

  const CALLS = [
    { name: 'Shop Now', h1: 'Keyboards', hash: '#/keyboard' },
    { name: 'Browse Keyboards', h1: 'Keyboards', hash: '#/keyboard' },
    { name: 'Explore Switches', h1: 'Switches', hash: '#/switches' },
    { name: 'Shop Accessories', h1: 'Accessories', hash: '#/accessories' },
  ];
  for (const { name, h1, hash } of CALLS) {
    test(`"${name}" goes to ${hash}`, async ({ page }) => {
      await openRoute(page, '#/home', HOME_H1);
      await page
        .getByRole('link', { name, exact: true })
        .or(page.getByRole('button', { name, exact: true }))
        .click();
      await expect(heading(page, h1)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${hash.replace('/', '\\/')}$`));
    });
  }
});
