export { OrderHistoryPage } from './placeholder-pages.tsx';
