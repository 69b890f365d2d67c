/**
 * The contract for opening the sign-in dialogs from anywhere (header, hero, humanizer) without those
 * places importing the auth feature. The app layer provides the implementation.
 */
import { createContext, useContext } from 'react';

export type AuthMode = 'sign-up' | 'sign-in';

export interface AuthDialogApi {
  openAuthDialog: (mode?: AuthMode) => void;
}

export const AuthDialogContext = createContext<AuthDialogApi>({
  openAuthDialog: () => undefined,
});

export function useAuthDialog(): AuthDialogApi {
  return useContext(AuthDialogContext);
}
