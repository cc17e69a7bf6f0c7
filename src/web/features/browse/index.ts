// A catalogue's list page with its cards and product dialog; web/app makes the three pages of it.
// The product and category pages the server renders (web/pages) show the same cards and details.
export { ListPage, type ListPageProps } from './ListPage.tsx';
export { ProductPage } from './ProductPage.tsx';
export { CategoryPage } from './CategoryPage.tsx';
export { pageText } from './texts.ts';
