export { LoginPage } from './LoginPage.tsx';
export { SignUpPage } from './SignUpPage.tsx';
