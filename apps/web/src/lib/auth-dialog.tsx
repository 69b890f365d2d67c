/**
 * The contract for opening the sign-in dialogs from anywhere (header, hero, humanizer) without those
 * places importing the auth feature. The app layer provides the implementation.
 */
import { createContext, useContext } from 'react';

export type AuthMode = 'sign-up' | 'sign-in';

export interface AuthDialogOptions {
  /** A note shown at the top of the dialog (why it opened, e.g. a used email link). */
  notice?: string;
}

export interface AuthDialogApi {
  openAuthDialog: (mode?: AuthMode, opts?: AuthDialogOptions) => void;
}

export const AuthDialogContext = createContext<AuthDialogApi>({
  openAuthDialog: () => undefined,
});

export function useAuthDialog(): AuthDialogApi {
  return useContext(AuthDialogContext);
}
