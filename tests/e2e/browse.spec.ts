import {
  LISTS,
  cardNames,
  chosenSort,
  expect,
  filterChip,
  heading,
  mainNav,
  openRoute,
  resultCount,
  searchBox,
  shownNames,
  shownPrices,
  sortSelect,
  test,
} from './support/app.ts';

// Expected results are written out by hand from src/catalogue/__fixtures__/catalogue-facts.json,
// not computed by the app's code.
const NO_MATCH = 'No products match your search.';

test.describe('list pages', () => {
  test('each list shows its whole category, sorted by name', async ({ page }) => {
    for (const [list, count] of [
      [LISTS.keyboards, 19],
      [LISTS.switches, 16],
      [LISTS.accessories, 19],
    ] as const) {
      await openRoute(page, list.hash, list.h1);
      await expect(resultCount(page)).toHaveText(`${count} products`);
      await expect(cardNames(page)).toHaveCount(count);
      const names = await shownNames(page);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      await expect(chosenSort(page)).toHaveText('Sort by Name');
    }
  });

  test('switch and accessory prices show 2 decimals', async ({ page }) => {
    await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
    const brown = page.getByRole('listitem').filter({ hasText: 'Brown Switch' });
    await expect(brown).toContainText('$2.50');
    await openRoute(page, LISTS.accessories.hash, LISTS.accessories.h1);
    const cable = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Cable', exact: true }) });
    await expect(cable).toContainText('$6.00');
  });

  test('search is a case-insensitive match on the name, kept in the URL', async ({ page }) => {
    await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search product...');
    await searchBox(page).fill('PRO');
    await expect(resultCount(page)).toHaveText('3 products');
    await expect(cardNames(page)).toHaveText([
      'Gaming Keyboard Pro',
      'Mechanical Gaming Keyboard Pro',
      'Mechanical Keyboard Pro',
    ]);
    await expect(page).toHaveURL(/#\/keyboard\?(.*&)?q=PRO(&|$)/);
  });

  test('regular-expression characters in a search are matched literally', async ({ page }) => {
    await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
    for (const query of ['.*', '(', 'Keyboard|Switch', '[a-z]']) {
      await searchBox(page).fill(query);
      await expect(page.getByText(NO_MATCH, { exact: true })).toBeVisible();
      await expect(resultCount(page)).toHaveText('0 products');
    }
  });

  test('the empty state clears search and filters', async ({ page }) => {
    await openRoute(page, `${LISTS.switches.hash}?q=zzz&type=Linear`, LISTS.switches.h1);
    await expect(page.getByText(NO_MATCH, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters', exact: true }).click();
    await expect(resultCount(page)).toHaveText('16 products');
    await expect(searchBox(page)).toHaveValue('');
    await expect(filterChip(page, 'type', 'Linear')).toHaveAttribute('aria-pressed', 'false');
    await expect(page).not.toHaveURL(/q=|type=/);
  });

  test('sort orders switches by price, ties by name', async ({ page }) => {
    await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
    await sortSelect(page).selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(cardNames(page)).toHaveText([
      'Black Switch',
      'Red Switch',
      'Brown Switch',
      'Yellow Switch',
      'Blue Switch',
      'Clear Switch',
      'Dull Switch',
      'Gold Switch',
      'Joker Switch',
      'Pink Switch',
      'Pure Black Switch',
      'Pure Green Switch',
      'Special Blueberry Switch',
      'Special Pumpkin Switch',
      'Yellow Switch Plus',
      'Teal Switch',
    ]);
    expect(await shownPrices(page)).toEqual([
      100, 200, 250, 250, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 400,
    ]);

    await sortSelect(page).selectOption({ label: 'Price: High to Low' });
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(cardNames(page).first()).toHaveText('Teal Switch');
    await expect(cardNames(page).last()).toHaveText('Black Switch');
    const prices = await shownPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    await sortSelect(page).selectOption({ label: 'Sort by Name' });
    await expect(page).not.toHaveURL(/sort=/);
    await expect(cardNames(page).first()).toHaveText('Black Switch');
    await expect(cardNames(page).last()).toHaveText('Yellow Switch Plus');
  });

  test('search and sort combine', async ({ page }) => {
    await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
    await searchBox(page).fill('pro');
    await sortSelect(page).selectOption({ label: 'Price: High to Low' });
    await expect(cardNames(page)).toHaveText([
      'Mechanical Gaming Keyboard Pro',
      'Gaming Keyboard Pro',
      'Mechanical Keyboard Pro',
    ]);
    expect(await shownPrices(page)).toEqual([16000, 15000, 12000]);
  });

  test('connectivity chips filter keyboards and keep the sort', async ({ page }) => {
    await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
    const wireless = filterChip(page, 'connectivity', 'Wireless');
    await expect(wireless).toHaveAttribute('aria-pressed', 'false');
    await wireless.click();
    await expect(wireless).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/connectivity=Wireless/);
    await expect(resultCount(page)).toHaveText('8 products');
    await sortSelect(page).selectOption({ label: 'Price: Low to High' });
    await expect(cardNames(page)).toHaveText([
      'Silent Keyboard',
      'Compact Keyboard',
      'Wireless Compact Keyboard',
      'Compact Gaming Keyboard',
      'Wireless Keyboard',
      'Mechanical Keyboard Lite',
      'Wireless Gaming Keyboard',
      'Wireless Mechanical Keyboard',
    ]);
    await filterChip(page, 'connectivity', 'Wired').click();
    await expect(resultCount(page)).toHaveText('19 products');
    await wireless.click();
    await expect(resultCount(page)).toHaveText('11 products');
    await expect(cardNames(page).first()).toHaveText('Ergonomic Keyboard');
  });

  test('several type chips show the union, on accessories and switches', async ({ page }) => {
    await openRoute(page, LISTS.accessories.hash, LISTS.accessories.h1);
    await filterChip(page, 'type', 'Cleaning').click();
    await filterChip(page, 'type', 'Testing').click();
    await expect(resultCount(page)).toHaveText('3 products');
    await expect(cardNames(page)).toHaveText(['Keycap Puller', 'Switch Puller', 'Switch Tester']);
    await expect(page).toHaveURL(/type=Cleaning/);
    await expect(page).toHaveURL(/type=Testing/);

    await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
    await filterChip(page, 'type', 'Linear').click();
    await expect(cardNames(page)).toHaveText(['Black Switch', 'Red Switch', 'Yellow Switch']);
  });

  test('a shared link restores search, sort and filters', async ({ page }) => {
    await openRoute(
      page,
      `${LISTS.keyboards.hash}?q=compact&sort=price-asc&connectivity=Wireless`,
      LISTS.keyboards.h1,
    );
    await expect(searchBox(page)).toHaveValue('compact');
    await expect(chosenSort(page)).toHaveText('Price: Low to High');
    await expect(filterChip(page, 'connectivity', 'Wireless')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(cardNames(page)).toHaveText([
      'Compact Keyboard',
      'Wireless Compact Keyboard',
      'Compact Gaming Keyboard',
    ]);
  });

  test('Back returns to the list as it was left', async ({ page }) => {
    await openRoute(page, LISTS.accessories.hash, LISTS.accessories.h1);
    await searchBox(page).fill('cable');
    await sortSelect(page).selectOption({ label: 'Price: High to Low' });
    await filterChip(page, 'type', 'Storage').click();
    // The case matches by its spec sheet (it fits a keyboard and its cable), the rest by name.
    const expected = [
      'Keyboard Case',
      'Cable Management Box',
      'Cable Management Tray',
      'Braided Cable Sleeve',
      'Cable Management Sleeve',
      'Cable Management Clip',
    ];
    await expect(cardNames(page)).toHaveText(expected);
    expect(await shownPrices(page)).toEqual([2000, 1200, 1200, 1000, 1000, 600]);

    await mainNav(page)
      .getByRole('link', { name: /^Cart\b/ })
      .click();
    await expect(heading(page, 'Your Cart')).toBeVisible();
    await page.goBack();

    await expect(heading(page, LISTS.accessories.h1)).toBeVisible();
    await expect(searchBox(page)).toHaveValue('cable');
    await expect(chosenSort(page)).toHaveText('Price: High to Low');
    await expect(filterChip(page, 'type', 'Storage')).toHaveAttribute('aria-pressed', 'true');
    await expect(cardNames(page)).toHaveText(expected);
  });
});
