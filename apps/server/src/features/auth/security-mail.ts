/** The account-security mails: reset link, change notices, two-factor on/off and the goodbye note. */
import { actionMail, type Mail } from '../../lib/mail';

export const securityMail = {
  resetLink: (to: string, url: string): Mail =>
    actionMail(
      to,
      'Reset your Plainspoken password',
      'Someone (hopefully you) asked to reset the password of your Plainspoken account. Use the button below to choose a new one.',
      { label: 'Choose a new password', url },
      "The link works once and expires in one hour. If you didn't ask for it, you can ignore this email: your password stays the same.",
    ),
  passwordChanged: (to: string, baseUrl: string): Mail =>
    actionMail(
      to,
      'Your Plainspoken password was changed',
      'The password of your Plainspoken account was just changed, and every other device was signed out.',
      { label: 'Open Plainspoken', url: baseUrl },
      "If this wasn't you, reset your password right away with 'Forgot password?' in the sign-in window, and write to us.",
    ),
  confirmNewEmail: (to: string, url: string): Mail =>
    actionMail(
      to,
      'Confirm your new Plainspoken email address',
      'Please confirm that this is the new email address of your Plainspoken account. Until you do, you keep signing in with the old one.',
      { label: 'Confirm my new email', url },
      "If you didn't ask for this change, ignore this email and nothing changes. The link is valid for 24 hours.",
    ),
  emailChangeRequested: (to: string, newEmail: string): Mail =>
    actionMail(
      to,
      'A change of your Plainspoken email address was requested',
      `Someone signed in to your Plainspoken account asked to change its email address to ${newEmail}. The change happens only once the new address is confirmed.`,
      null,
      "If this wasn't you, change your password now and sign out your other devices on your account page.",
    ),
  twoFactorOn: (to: string): Mail =>
    actionMail(
      to,
      'Two-factor sign-in is on',
      'Two-factor sign-in was turned on for your Plainspoken account. From now on, signing in with your password also asks for a code from your authenticator app (or one of your backup codes).',
      null,
      "If this wasn't you, reset your password right away and write to us.",
    ),
  twoFactorOff: (to: string): Mail =>
    actionMail(
      to,
      'Two-factor sign-in is off',
      'Two-factor sign-in was turned off for your Plainspoken account. Signing in now needs only your password.',
      null,
      "If this wasn't you, reset your password right away, turn two-factor sign-in back on, and write to us.",
    ),
  goodbye: (to: string): Mail =>
    actionMail(
      to,
      'Your Plainspoken account was deleted',
      'Your Plainspoken account and everything in it (your history, your subscription record and your sign-in details) have been deleted. Any paid subscription was cancelled first, so you will not be charged again.',
      null,
      'Thank you for trying Plainspoken. You are welcome back any time; a new account with this address starts on the Free plan.',
    ),
};
