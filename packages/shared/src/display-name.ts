/** The display name a user may set on their profile (stored as the account's name). */
export const DISPLAY_NAME_MAX = 80;

/** Why a display name is refused, or null when it may be saved. */
export function displayNameProblem(name: string): string | null {
  const t = name.trim();
  if (t.length > DISPLAY_NAME_MAX) return `Your name can be at most ${DISPLAY_NAME_MAX} characters.`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(t)) return 'Your name cannot contain control characters.';
  return null;
}

/** The name to show: the display name when one is set, else the email (sign-up stores the email as the name). */
export function shownName(user: { email: string; name?: string | null | undefined }): string {
  const n = user.name?.trim();
  return n && n.toLowerCase() !== user.email.toLowerCase() ? n : user.email;
}
