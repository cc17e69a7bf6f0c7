// A catalogue's list page with its cards and product dialog; web/app makes the three pages of it.
export { ListPage, type ListPageProps } from './ListPage.tsx';
