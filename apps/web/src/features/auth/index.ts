export { AuthDialogsProvider } from './components/auth-dialogs-provider';
export { openedFromEmailLink } from './lib/opened-from-email-link';
export { useSessionEffects } from './lib/use-session-effects';
