import { useQueryClient } from '@tanstack/react-query';
import { EraserIcon, RefreshCwIcon, SendIcon, WifiIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { DEFAULT_TEST_EMAIL, DEFAULT_TEST_VARIANT_ID, MSG, TEST_PLAN_VARIANTS, formatCount } from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Detail, DetailList } from '@/components/ui/detail-list';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useSession } from '@/lib/auth';
import { notify, notifyError, notifySuccess } from '@/lib/toast';
import { checkWebhookEndpoint, sendTestWebhook } from '../api/server-functions';
import { subscriberQueryOptions, useSubscriber } from '../api/subscriber';
import { useClearWebhookLogs, useWebhookLogs, webhookLogKeys, type WebhookLog } from '../api/webhook-logs';
import { formatDateTime, tierLabel, yesNo } from '../lib/format';
import { formatPayload } from '../lib/test-payload';
import { AdminGate } from './admin-gate';
import { BackToAdmin } from './back-to-admin';

export function WebhookTestPage() {
  return (
    <AdminGate>
      <WebhookDiagnostics />
    </AdminGate>
  );
}

type Busy = null | 'send' | 'check' | 'clear' | 'refresh';

function errorText(e: unknown): string {
  return e instanceof Error && e.message ? e.message : MSG.unknownError;
}

function WebhookDiagnostics() {
  const qc = useQueryClient();
  const { user } = useSession();
  const ids = { variant: useId(), payload: useId() };
  const [email, setEmail] = useState(user?.email ?? DEFAULT_TEST_EMAIL);
  const [variantId, setVariantId] = useState<number>(DEFAULT_TEST_VARIANT_ID);
  const [payload, setPayload] = useState(() => formatPayload(email, variantId));
  const [busy, setBusy] = useState<Busy>(null);
  const logs = useWebhookLogs();
  const subscriber = useSubscriber(email);
  const clear = useClearWebhookLogs();

  // A new email or plan rebuilds the sample; edits made after that are sent exactly as typed.
  function changeSample(nextEmail: string, nextVariantId: number) {
    setEmail(nextEmail);
    setVariantId(nextVariantId);
    setPayload(formatPayload(nextEmail, nextVariantId));
  }

  async function refreshData() {
    await Promise.all([
      qc.invalidateQueries({ queryKey: webhookLogKeys.all }),
      qc.invalidateQueries({ queryKey: subscriberQueryOptions(email).queryKey }),
    ]);
  }

  async function onTest() {
    setBusy('send');
    try {
      const res = await sendTestWebhook(payload);
      const msg = { title: MSG.webhookSent, description: `Response: ${res.status} - ${res.body}` };
      if (res.ok) notifySuccess(msg);
      else notifyError(msg);
      await refreshData();
    } catch (e) {
      notifyError({ title: MSG.webhookFailed, description: errorText(e) });
    } finally {
      setBusy(null);
    }
  }

  async function onCheck() {
    setBusy('check');
    try {
      const res = await checkWebhookEndpoint();
      const description = `Status: ${res.status} - ${res.ok ? 'Endpoint is accessible' : 'Endpoint may have issues'}`;
      if (res.ok) notifySuccess({ title: MSG.endpointCheck, description });
      else notifyError({ title: MSG.endpointCheck, description });
    } catch {
      notifyError({ title: MSG.endpointCheckFailed, description: MSG.endpointUnreachable });
    } finally {
      setBusy(null);
    }
  }

  async function onClear() {
    setBusy('clear');
    try {
      await clear.mutateAsync();
      notifySuccess({ title: MSG.logsCleared });
    } catch (e) {
      notifyError({ title: 'Could not clear the logs', description: errorText(e) });
    } finally {
      setBusy(null);
    }
  }

  async function onRefresh() {
    setBusy('refresh');
    try {
      await refreshData();
      notify({ title: MSG.subscriberRefreshed });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <header>
        <BackToAdmin />
        <h1 className="text-3xl font-bold tracking-tight">Webhook diagnostics</h1>
        <p className="mt-2 text-muted-foreground">
          Send a test subscription_created event to the payment webhook and watch what the server recorded.
        </p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Test event</CardTitle>
          <CardDescription>
            The event is sent with your session as a bearer token; the webhook applies it only for administrators.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Test email"
              type="email"
              value={email}
              onChange={(e) => changeSample(e.target.value, variantId)}
            />
            <div className="grid gap-2">
              <Label htmlFor={ids.variant}>Plan variant</Label>
              <select
                id={ids.variant}
                className="h-10 rounded-lg border border-input bg-card px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
                value={variantId}
                onChange={(e) => changeSample(email, Number(e.target.value))}
              >
                {TEST_PLAN_VARIANTS.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name} ({v.id})
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.payload}>Test payload (JSON)</Label>
            <Textarea
              id={ids.payload}
              className="min-h-64! font-mono max-sm:text-xs"
              spellCheck={false}
              value={payload}
              onChange={(e) => setPayload(e.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={onTest} disabled={busy !== null}>
              {busy === 'send' ? <Spinner /> : <SendIcon />}
              Test Webhook
            </Button>
            <Button variant="outline" onClick={onCheck} disabled={busy !== null}>
              {busy === 'check' ? <Spinner /> : <WifiIcon />}
              Check Endpoint
            </Button>
            <Button variant="outline" onClick={onClear} disabled={busy !== null}>
              {busy === 'clear' ? <Spinner /> : <EraserIcon />}
              Clear Logs
            </Button>
            <Button variant="outline" onClick={onRefresh} disabled={busy !== null}>
              {busy === 'refresh' ? <Spinner /> : <RefreshCwIcon />}
              Refresh Data
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Subscriber data</CardTitle>
          <CardDescription>The subscribers row for {email || 'the test email'}.</CardDescription>
        </CardHeader>
        <CardContent data-testid="subscriber-panel">
          {subscriber.isLoading ? (
            <Skeleton className="h-32 w-full" />
          ) : subscriber.isError ? (
            <p className="text-sm text-destructive">Could not load the subscriber: {errorText(subscriber.error)}</p>
          ) : !subscriber.data ? (
            <p className="text-sm text-muted-foreground">No subscriber found for this email.</p>
          ) : (
            <DetailList>
              <Detail label="Email">{subscriber.data.email}</Detail>
              <Detail label="User id">
                <code className="text-xs">{subscriber.data.user_id}</code>
              </Detail>
              <Detail label="Tier">{tierLabel(subscriber.data.subscription_tier)}</Detail>
              <Detail label="Subscribed">{yesNo(subscriber.data.subscribed)}</Detail>
              <Detail label="Word balance">{formatCount(subscriber.data.monthly_word_balance)}</Detail>
              <Detail label="Subscription end">{formatDateTime(subscriber.data.subscription_end)}</Detail>
              <Detail label="Balance reset">{formatDateTime(subscriber.data.balance_reset_date)}</Detail>
              <Detail label="Customer id">{subscriber.data.paddle_customer_id ?? 'N/A'}</Detail>
              <Detail label="Cancelled at">{formatDateTime(subscriber.data.subscription_cancelled_at)}</Detail>
              <Detail label="Cancellation end">{formatDateTime(subscriber.data.cancellation_end_date)}</Detail>
              <Detail label="Updated">{formatDateTime(subscriber.data.updated_at)}</Detail>
            </DetailList>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Webhook debug logs</CardTitle>
          <CardDescription>The last 20 events the payment webhook processed, newest first.</CardDescription>
        </CardHeader>
        <CardContent data-testid="webhook-logs">
          {logs.isLoading ? (
            <Skeleton className="h-32 w-full" />
          ) : logs.isError ? (
            <p className="text-sm text-destructive">Could not load the logs: {errorText(logs.error)}</p>
          ) : !logs.data?.length ? (
            <p className="text-sm text-muted-foreground">No webhook logs yet.</p>
          ) : (
            <ul className="grid gap-3">
              {logs.data.map((log) => (
                <LogItem key={log.id} log={log} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function LogItem({ log }: { log: WebhookLog }) {
  return (
    <li className="rounded-lg border p-3" data-testid="webhook-log">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={log.success ? 'success' : 'warning'}>{log.success ? 'Success' : 'Failed'}</Badge>
        <span className="font-medium">{log.event_type}</span>
        <span className="text-muted-foreground">{formatDateTime(log.processed_at)}</span>
      </div>
      {log.error_message && <p className="mt-2 text-sm text-destructive">{log.error_message}</p>}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm text-primary">Raw payload</summary>
        <pre className="mt-2 max-h-80 overflow-auto rounded-md bg-muted p-3 text-xs">
          {JSON.stringify(log.raw_payload, null, 2) ?? 'null'}
        </pre>
      </details>
    </li>
  );
}
