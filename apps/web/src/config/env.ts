/**
 * The only place that reads the build environment. Runtime settings (Google on/off, contact
 * address, analytics key) come from the server's /api/config instead, so one build runs anywhere.
 */
export const env = {
  dev: import.meta.env.DEV,
  mode: import.meta.env.MODE,
} as const;
