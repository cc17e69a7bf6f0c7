export { OrderHistoryPage } from './OrderHistoryPage.tsx';
