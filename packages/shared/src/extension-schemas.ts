/** The requests of the extension's endpoints (extension.ts has the paths, messages and answers). */
import { type Input, z } from './z';
import { EXTENSION_MSG, EXTENSION_NAME_MAX } from './extension';
import { HUMANIZE_MODES } from './modes';
import { MAX_TEXT_CHARS } from './schemas';

/** A PKCE value: 43 base64url characters (32 random bytes, or the SHA-256 of the verifier). */
const pkce = z.string().regex(/^[A-Za-z0-9_-]{43}$/, EXTENSION_MSG.badChallenge);

/** POST /api/extension/approve (the site's page, signed in). */
export const approveExtensionInput = z.object({
  challenge: pkce,
  name: z.string().trim().min(1).max(EXTENSION_NAME_MAX),
});
export type ApproveExtensionInput = Input<typeof approveExtensionInput>;

/** POST /api/extension/token (the extension): the code the page showed and the verifier only it knows. */
export const extensionTokenInput = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{43}$/, EXTENSION_MSG.badCode),
  verifier: z.string().regex(/^[A-Za-z0-9_-]{43}$/, EXTENSION_MSG.badCode),
});
export type ExtensionTokenInput = Input<typeof extensionTokenInput>;

/** POST /api/extension/humanize: the selection and the mode; tone, level and frozen phrases are the saved ones. */
export const extensionHumanizeInput = z.object({
  text: z.string().min(1).max(MAX_TEXT_CHARS),
  mode: z.enum(HUMANIZE_MODES),
});
export type ExtensionHumanizeInput = Input<typeof extensionHumanizeInput>;

/** POST /api/extension/ai-check */
export const extensionCheckInput = z.object({ text: z.string().min(1).max(MAX_TEXT_CHARS) });
