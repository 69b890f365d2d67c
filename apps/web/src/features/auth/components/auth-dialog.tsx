import { useQueryClient } from '@tanstack/react-query';
import { CheckIcon, InfoIcon, MailIcon, TriangleAlertIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { COPY, FREE_SIGNUP_WORDS, MSG, PRODUCT_NAME } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { trackLogin, trackSignUp } from '@/lib/analytics';
import { useAppConfig } from '@/lib/app-config';
import { announceAuthChange, refreshSession } from '@/lib/auth';
import type { AuthMode } from '@/lib/auth-dialog';
import { dismissErrorToasts, notifySuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { resendVerificationEmail } from '../api/resend-verification';
import { sendMagicLink } from '../api/send-magic-link';
import { signInWithEmail } from '../api/sign-in';
import { signInWithGoogle } from '../api/sign-in-google';
import { signUpWithEmail } from '../api/sign-up';
import { TwoFactorRequiredError } from '../api/verify-two-factor';
import {
  authErrorField,
  authErrorMessage,
  INVALID_EMAIL_MESSAGE,
  isPasswordValid,
  isUnconfirmedEmail,
  looksLikeEmail,
  passwordChecks,
  signUpLimitNotice,
  type AuthErrorField,
} from '../lib/auth-errors';
import { ForgotPasswordForm } from './forgot-password-form';
import { GoogleIcon } from './google-icon';
import { TwoFactorStep } from './two-factor-step';

export interface AuthDialogProps {
  open: boolean;
  mode: AuthMode;
  /** Why the dialog opened (a used email link), shown above the form. */
  notice?: string | undefined;
  onModeChange: (mode: AuthMode) => void;
  onOpenChange: (open: boolean) => void;
  onEmailSent: (email: string, via: 'verify' | 'magic') => void;
}

type Busy = null | 'submit' | 'google' | 'magic' | 'resend';

/** The form's problems, each shown under its field ('form': above the submit button). */
type FormErrors = Partial<Record<AuthErrorField, string>> & {
  /** The account exists but is not confirmed: the email's error offers to resend the link. */
  unconfirmed?: boolean;
};

export function AuthDialog({ open, mode, notice, onModeChange, onOpenChange, onEmailSent }: AuthDialogProps) {
  const qc = useQueryClient();
  const config = useAppConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [step, setStep] = useState<'form' | 'forgot' | 'two-factor'>('form');
  /** A sign-up refused by a rate limit: shown in the form until the user changes something. */
  const [limitNotice, setLimitNotice] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  // Closing the dialog goes back to the form; a change of email or mode clears the notice and the errors
  // (a change of password clears the password's and the form's). Adjusted while rendering, from the values
  // last seen (React's pattern for state that follows props).
  const [seen, setSeen] = useState({ open, email, password, mode });
  if (seen.open !== open || seen.email !== email || seen.password !== password || seen.mode !== mode) {
    setSeen({ open, email, password, mode });
    if (!open) setStep('form');
    if (seen.email !== email || seen.mode !== mode || !open) {
      setLimitNotice(null);
      setErrors({});
    } else if (seen.password !== password && (errors.password || errors.form)) {
      setErrors({ ...errors, password: undefined, form: undefined });
    }
  }
  const googleEnabled = config.data?.googleEnabled === true;
  const hintId = useId();
  const isSignUp = mode === 'sign-up';
  const checks = passwordChecks(password);

  /** Shows a failed request's message under the field it is about. */
  function fail(err: unknown) {
    setErrors({ [authErrorField(err)]: authErrorMessage(err), unconfirmed: isUnconfirmedEmail(err) });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    dismissErrorToasts();
    setErrors({});
    const cleanEmail = email.trim();
    if (!cleanEmail || !password) {
      setErrors(!cleanEmail ? { email: MSG.fillAllFields } : { password: MSG.fillAllFields });
      return;
    }
    if (!looksLikeEmail(cleanEmail)) {
      setErrors({ email: INVALID_EMAIL_MESSAGE });
      return;
    }
    if (isSignUp && !isPasswordValid(password)) {
      setErrors({ password: MSG.passwordRule });
      return;
    }
    setBusy('submit');
    try {
      if (isSignUp) {
        const userId = await signUpWithEmail(cleanEmail, password);
        trackSignUp('email', userId);
        setPassword('');
        onEmailSent(cleanEmail, 'verify');
      } else {
        await onSignedIn(await signInWithEmail(cleanEmail, password));
      }
    } catch (err) {
      const limited = isSignUp ? signUpLimitNotice(err) : null;
      if (err instanceof TwoFactorRequiredError) setStep('two-factor');
      else if (limited) setLimitNotice(limited);
      else fail(err);
    } finally {
      setBusy(null);
    }
  }

  async function onSignedIn(userId: string | null) {
    trackLogin('email', userId);
    await refreshSession(qc);
    announceAuthChange('signed-in');
    setPassword('');
    onOpenChange(false);
    notifySuccess({ title: MSG.welcomeBack });
  }

  /** The unconfirmed account's 'Resend': a new confirmation link, then the check-your-email dialog. */
  async function onResendConfirmation() {
    const cleanEmail = email.trim();
    setBusy('resend');
    try {
      await resendVerificationEmail(cleanEmail);
      setErrors({});
      setPassword('');
      onEmailSent(cleanEmail, 'verify');
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : MSG.resendFailed;
      setErrors({ email: message, unconfirmed: true });
    } finally {
      setBusy(null);
    }
  }

  async function onMagicLink() {
    const cleanEmail = email.trim();
    setErrors({});
    if (!cleanEmail) {
      setErrors({ email: MSG.signInLinkEmailRequired });
      return;
    }
    if (!looksLikeEmail(cleanEmail)) {
      setErrors({ email: INVALID_EMAIL_MESSAGE });
      return;
    }
    dismissErrorToasts();
    setBusy('magic');
    try {
      await sendMagicLink(cleanEmail);
      onEmailSent(cleanEmail, 'magic');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  async function onGoogle() {
    dismissErrorToasts();
    setBusy('google');
    try {
      const cfg = config.data ?? (await config.refetch()).data;
      await signInWithGoogle(cfg?.googleEnabled);
      // On success the browser is leaving for Google; keep the button busy until it does.
    } catch {
      setErrors({ form: MSG.googleFailed });
      setBusy(null);
    }
  }

  if (step !== 'form') {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent aria-describedby={undefined} className="max-w-[26rem]!">
          {step === 'two-factor' ? (
            <TwoFactorStep onSignedIn={onSignedIn} onBack={() => setStep('form')} />
          ) : (
            <ForgotPasswordForm initialEmail={email.trim()} onBack={() => setStep('form')} />
          )}
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} className="max-w-[26rem]!">
        <DialogHeader>
          <DialogTitle>{isSignUp ? `Welcome to ${PRODUCT_NAME}` : 'Welcome back'}</DialogTitle>
          <DialogDescription>
            {isSignUp
              ? `Create your account and get ${FREE_SIGNUP_WORDS} free words. No credit card required.`
              : 'Sign in to keep humanizing and find your past results.'}
          </DialogDescription>
        </DialogHeader>

        {notice && (
          <p
            role="status"
            data-testid="auth-notice"
            className="flex gap-2 rounded-lg border border-primary/30 bg-accent px-3 py-2.5 text-sm text-accent-foreground"
          >
            <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{notice}</span>
          </p>
        )}

        {/* Google shows only when the server has it configured (public config), so it never fails for want of keys. */}
        {googleEnabled && (
          <>
            <Button variant="outline" className="w-full" onClick={onGoogle} disabled={busy !== null}>
              {busy === 'google' ? <Spinner /> : <GoogleIcon className="size-4" />}
              Continue with Google
            </Button>

            <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
              <span className="h-px flex-1 bg-border" />
              or with email
              <span className="h-px flex-1 bg-border" />
            </div>
          </>
        )}

        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            error={errors.email ?? null}
            errorAction={
              errors.unconfirmed && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => void onResendConfirmation()}
                  disabled={busy !== null}
                >
                  {busy === 'resend' && <Spinner />}
                  {busy === 'resend' ? 'Sending...' : 'Resend'}
                </Button>
              )
            }
            onChange={(e) => setEmail(e.target.value)}
          />
          <Field
            label="Password"
            labelAside={
              !isSignUp && (
                <button
                  type="button"
                  className="cursor-pointer rounded-sm text-xs font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => setStep('forgot')}
                >
                  Forgot password?
                </button>
              )
            }
            type="password"
            name="password"
            autoComplete={isSignUp ? 'new-password' : 'current-password'}
            placeholder={isSignUp ? 'At least 8 characters' : 'Your password'}
            value={password}
            aria-describedby={isSignUp && password ? hintId : undefined}
            error={errors.password ?? null}
            onChange={(e) => setPassword(e.target.value)}
          >
            {isSignUp && password.length > 0 && (
              <ul id={hintId} className="grid gap-1 text-xs" data-testid="password-hint">
                <PasswordRule ok={checks.length}>At least 8 characters</PasswordRule>
                <PasswordRule ok={checks.digit}>At least one number</PasswordRule>
              </ul>
            )}
          </Field>
          {limitNotice && (
            <p
              role="alert"
              data-testid="sign-up-limit"
              className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
            >
              <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{limitNotice}</span>
            </p>
          )}
          {errors.form && (
            <p role="alert" data-testid="auth-form-error" className="text-sm text-destructive">
              {errors.form}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={busy !== null}>
            {busy === 'submit' && <Spinner />}
            {isSignUp ? COPY.createAccount : COPY.signIn}
          </Button>
        </form>

        <Button variant="ghost" className="w-full text-muted-foreground" onClick={onMagicLink} disabled={busy !== null}>
          {busy === 'magic' ? <Spinner /> : <MailIcon />}
          Email me a sign-in link
        </Button>

        <p className="text-center text-sm text-muted-foreground">
          {isSignUp ? 'Already have an account? ' : "Don't have an account? "}
          <button
            type="button"
            className="cursor-pointer rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => onModeChange(isSignUp ? 'sign-in' : 'sign-up')}
          >
            {isSignUp ? COPY.toSignIn : COPY.toSignUp}
          </button>
        </p>
      </DialogContent>
    </Dialog>
  );
}

function PasswordRule({ ok, children }: { ok: boolean; children: string }) {
  return (
    <li className={cn('flex items-center gap-1.5', ok ? 'text-success-strong' : 'text-muted-foreground')}>
      <CheckIcon aria-hidden="true" className={cn('size-3.5', !ok && 'opacity-30')} />
      <span>{children}</span>
      <span className="sr-only">{ok ? '(met)' : '(not met yet)'}</span>
    </li>
  );
}
