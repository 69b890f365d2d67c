export { SecurityCard } from './components/security-card';
export { ResetPasswordPage } from './components/reset-password-page';
