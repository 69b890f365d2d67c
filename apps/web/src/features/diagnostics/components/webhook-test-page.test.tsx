import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyText, requestUrl } from '@/test/fetch';
import { jsonResponse, renderWithProviders, TEST_USER } from '@/test/render';
import { fakeAuthClient } from '@/test/mock-auth-client';
import { WebhookTestPage } from './webhook-test-page';

vi.mock('better-auth/react', async () => {
  const m = await import('@/test/mock-auth-client');
  return { createAuthClient: () => m.fakeAuthClient };
});

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function mockServer(opts: { isAdmin?: boolean; webhook?: Handler; options?: Handler } = {}) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: string }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    const method = init?.method ?? 'GET';
    calls.push({
      url,
      method,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: bodyText(init?.body),
    });
    if (url.startsWith('/api/me')) return jsonResponse({ user: TEST_USER, isAdmin: opts.isAdmin ?? true });
    if (url.startsWith('/api/admin/webhook-logs') && method === 'GET')
      return jsonResponse({
        logs: [
          {
            id: 'l1',
            event_id: null,
            event_type: 'subscription_created',
            success: false,
            processed_at: '2026-01-01T00:00:00Z',
            error_message: 'Rejected: nope',
            raw_payload: { secret: 'raw-905802' },
          },
        ],
      });
    if (url.startsWith('/api/admin/webhook-logs') && method === 'DELETE') return jsonResponse({ deleted: 1 });
    if (url.startsWith('/api/admin/subscriber')) return jsonResponse({ subscriber: null });
    if (url === '/api/functions/payment-webhook' && method === 'OPTIONS')
      return (opts.options ?? (() => new Response(null, { status: 204 })))(url, init);
    if (url === '/api/functions/payment-webhook')
      return (opts.webhook ?? (() => jsonResponse({ ok: true })))(url, init);
    return jsonResponse({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('WebhookTestPage', () => {
  beforeEach(() => {
    fakeAuthClient.getSession.mockResolvedValue({
      data: { session: { token: 'tok_abcdefghijklmnopqrstuvwxyz' }, user: TEST_USER },
      error: null,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the 403 page to a signed-in member', async () => {
    mockServer({ isAdmin: false });
    renderWithProviders(<WebhookTestPage />, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Test Webhook' })).toBeNull();
  });

  it('asks a signed-out visitor to sign in', async () => {
    mockServer();
    renderWithProviders(<WebhookTestPage />, { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Please sign in' })).toBeInTheDocument();
  });

  it('prefills the admin email and the default variant, and shows logs with their raw payload', async () => {
    mockServer();
    renderWithProviders(<WebhookTestPage />, { signedIn: true });
    expect(await screen.findByLabelText('Test email')).toHaveValue(TEST_USER.email);
    expect(screen.getByLabelText('Plan variant')).toHaveValue('905802');
    const payload = JSON.parse(screen.getByLabelText<HTMLTextAreaElement>('Test payload (JSON)').value) as {
      meta: { event_name: string };
      data: { type: string; id: string; attributes: Record<string, unknown> };
    };
    expect(payload.meta.event_name).toBe('subscription_created');
    expect(payload.data.type).toBe('subscriptions');
    expect(payload.data.attributes).toMatchObject({
      status: 'active',
      variant_id: 905802,
      user_email: TEST_USER.email,
    });
    for (const k of ['customer_id', 'product_id', 'user_name', 'created_at', 'updated_at', 'ends_at', 'urls'])
      expect(payload.data.attributes).toHaveProperty(k);
    fireEvent.change(screen.getByLabelText('Plan variant'), { target: { value: '905807' } });
    expect(screen.getByLabelText<HTMLTextAreaElement>('Test payload (JSON)').value).toContain('"variant_id": 905807');
    expect(await screen.findByText('Rejected: nope', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText(/raw-905802/)).toBeInTheDocument();
  });

  it('sends the payload as typed with the session token, and reports the answer', async () => {
    const calls = mockServer({ webhook: () => new Response('{"ok":true}', { status: 200 }) });
    renderWithProviders(<WebhookTestPage />, { signedIn: true });
    const area = await screen.findByLabelText('Test payload (JSON)');
    fireEvent.change(area, { target: { value: '{"hand":"edited"}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test Webhook' }));
    expect(await screen.findByText('Webhook Test Sent')).toBeInTheDocument();
    expect(screen.getByText('Response: 200 - {"ok":true}')).toBeInTheDocument();
    const sent = calls.find((c) => c.url === '/api/functions/payment-webhook' && c.method === 'POST');
    expect(sent?.body).toBe('{"hand":"edited"}');
    expect(sent?.headers.Authorization).toBe('Bearer tok_abcdefghijklmnopqrstuvwxyz');
  });

  it('a refused test event is a destructive toast; a network failure says Webhook Test Failed', async () => {
    mockServer({ webhook: () => new Response('{"error":"bad"}', { status: 400 }) });
    renderWithProviders(<WebhookTestPage />, { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Test Webhook' }));
    const msg = await screen.findByText('Response: 400 - {"error":"bad"}');
    expect(msg.closest('[data-type]')).toHaveAttribute('data-type', 'error');
    vi.unstubAllGlobals();
    mockServer({
      webhook: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Test Webhook' }));
    expect(await screen.findByText('Webhook Test Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch')).toBeInTheDocument();
  });

  it('falls back to Unknown error when the failure has no message', async () => {
    mockServer({
      webhook: () => {
        throw new Error('');
      },
    });
    renderWithProviders(<WebhookTestPage />, { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Test Webhook' }));
    expect(await screen.findByText('Unknown error')).toBeInTheDocument();
  });

  it('endpoint check: accessible, may have issues, or unreachable', async () => {
    mockServer();
    renderWithProviders(<WebhookTestPage />, { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Check Endpoint' }));
    expect(await screen.findByText('Status: 204 - Endpoint is accessible')).toBeInTheDocument();
    vi.unstubAllGlobals();
    mockServer({ options: () => new Response('', { status: 500 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Check Endpoint' }));
    expect(await screen.findByText('Status: 500 - Endpoint may have issues')).toBeInTheDocument();
    vi.unstubAllGlobals();
    mockServer({
      options: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check Endpoint' }));
    expect(await screen.findByText('Webhook Endpoint Check Failed')).toBeInTheDocument();
    expect(screen.getByText('Could not reach webhook endpoint')).toBeInTheDocument();
  });

  it('Clear Logs and Refresh Data confirm with their toasts', async () => {
    const calls = mockServer();
    renderWithProviders(<WebhookTestPage />, { signedIn: true });
    await screen.findByText('Rejected: nope', undefined, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Clear Logs' }));
    expect(await screen.findByText('Debug logs cleared')).toBeInTheDocument();
    expect(screen.getByText('No webhook logs yet.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Data' }));
    expect(await screen.findByText('Subscriber data refreshed')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url.startsWith('/api/admin/webhook-logs') && c.method === 'GET').length,
      ).toBeGreaterThan(1),
    );
  });
});
