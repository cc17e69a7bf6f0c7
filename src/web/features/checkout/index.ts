export { OrderConfirmationPage } from './placeholder-pages.tsx';
