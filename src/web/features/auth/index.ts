export { EmailLinkPage } from './EmailLinkPage.tsx';
export { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
export { LoginPage } from './LoginPage.tsx';
export { ResetPasswordPage } from './ResetPasswordPage.tsx';
export { SignUpPage } from './SignUpPage.tsx';
