import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A component whose classes conflict (see lib/class-conflicts.ts) fails its test.
const warn = console.warn.bind(console);
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('[cn] ')) throw new Error(args[0]);
  warn(...args);
});

afterEach(() => {
  cleanup();
});
