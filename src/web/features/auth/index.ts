export { LoginPage, SignUpPage } from './placeholder-pages.tsx';
