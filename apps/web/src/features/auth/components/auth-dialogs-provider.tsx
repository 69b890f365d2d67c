import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { AuthDialogContext, type AuthDialogOptions, type AuthMode } from '@/lib/auth-dialog';
import { notifySuccess } from '@/lib/toast';

// The dialogs load on first use: most visits never open them, and the home page's first load stays small.
const AuthDialog = lazy(() => import('./auth-dialog').then((m) => ({ default: m.AuthDialog })));
const CheckEmailDialog = lazy(() => import('./check-email-dialog').then((m) => ({ default: m.CheckEmailDialog })));

type State =
  | { kind: 'closed'; mode: AuthMode }
  | { kind: 'auth'; mode: AuthMode; notice?: string | undefined }
  | { kind: 'check-email'; mode: AuthMode; email: string; via: 'verify' | 'magic' };

/** Owns the sign-in dialogs and lets any part of the app open them through AuthDialogContext. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ kind: 'closed', mode: 'sign-up' });
  const [lastEmail, setLastEmail] = useState<{ email: string; via: 'verify' | 'magic' }>({ email: '', via: 'verify' });
  const [used, setUsed] = useState(false);

  const openAuthDialog = useCallback((mode: AuthMode = 'sign-up', opts?: AuthDialogOptions) => {
    setUsed(true);
    setState({ kind: 'auth', mode, notice: opts?.notice });
  }, []);
  const api = useMemo(() => ({ openAuthDialog }), [openAuthDialog]);

  const onSignedIn = useCallback(() => {
    setState((s) => ({ kind: 'closed', mode: s.mode }));
    notifySuccess({
      title: "You're signed in",
      description: lastEmail.via === 'verify' ? 'Your email is confirmed. Welcome aboard.' : undefined,
    });
  }, [lastEmail.via]);

  return (
    <AuthDialogContext.Provider value={api}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <AuthDialog
            open={state.kind === 'auth'}
            mode={state.mode}
            notice={state.kind === 'auth' ? state.notice : undefined}
            onModeChange={(mode) => setState({ kind: 'auth', mode })}
            onOpenChange={(open) =>
              setState((s) => (open ? { kind: 'auth', mode: s.mode } : { kind: 'closed', mode: s.mode }))
            }
            onEmailSent={(email, via) => {
              setLastEmail({ email, via });
              setState((s) => ({ kind: 'check-email', mode: s.mode, email, via }));
            }}
          />
          <CheckEmailDialog
            open={state.kind === 'check-email'}
            email={state.kind === 'check-email' ? state.email : lastEmail.email}
            via={state.kind === 'check-email' ? state.via : lastEmail.via}
            onSignedIn={onSignedIn}
            onUseDifferentEmail={() => setState({ kind: 'auth', mode: 'sign-up' })}
          />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}
