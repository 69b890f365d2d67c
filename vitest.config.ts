import { defineConfig } from 'vitest/config';

// One run over every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'detector', root: 'packages/detector', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { name: 'humanizer', root: 'packages/humanizer', include: ['src/**/*.test.ts'], testTimeout: 60_000 } },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
