import { vi } from 'vitest';

/** A stand-in for the better-auth client; tests set the results they need. */
export const fakeAuthClient = {
  getSession: vi.fn(async () => ({ data: null as unknown, error: null as unknown })),
  signUp: { email: vi.fn(async (_: unknown) => ({ data: {}, error: null as unknown })) },
  signIn: {
    email: vi.fn(async (_: unknown) => ({ data: {}, error: null as unknown })),
    magicLink: vi.fn(async (_: unknown) => ({ data: {}, error: null as unknown })),
    social: vi.fn(async (_: unknown) => ({ data: {}, error: null as unknown })),
  },
  sendVerificationEmail: vi.fn(async (_: unknown) => ({ data: {}, error: null as unknown })),
  signOut: vi.fn(async () => ({ data: {}, error: null })),
};
