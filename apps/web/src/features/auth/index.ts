export { AuthDialogsProvider } from './components/auth-dialogs-provider';
export { consumeEmailLinkError, useEmailLinkErrors } from './lib/use-email-link-errors';
export { useSessionEffects } from './lib/use-session-effects';
