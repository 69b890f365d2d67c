import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { seedSessionFromPage, sessionKeys } from './auth';

function page(head: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');
}

describe('seedSessionFromPage', () => {
  it('starts signed out, with no request pending, when the page says the request had no session cookie', () => {
    const qc = new QueryClient();
    seedSessionFromPage(qc, page('<meta name="plainspoken-session" content="none" />'));
    const state = qc.getQueryState(sessionKeys.all);
    expect(state?.status).toBe('success');
    expect(qc.getQueryData(sessionKeys.all)).toBeNull();
  });

  it('leaves the session to its request otherwise', () => {
    const qc = new QueryClient();
    seedSessionFromPage(qc, page('<meta name="description" content="x" />'));
    expect(qc.getQueryState(sessionKeys.all)).toBeUndefined();
  });
});
