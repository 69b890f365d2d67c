import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A component whose classes conflict (see lib/class-conflicts.ts) fails its test.
const warn = console.warn.bind(console);
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('[cn] ')) throw new Error(args[0]);
  warn(...args);
});

// A lazily loaded part (the result panel, dialogs) can take more than the default second to appear when the
// machine is busy: findBy/waitFor wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
