import { CopyIcon, DownloadIcon, ShieldCheckIcon, ShieldOffIcon } from 'lucide-react';
import { toDataURL } from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { notifyError, notifySuccess } from '@/lib/toast';
import { confirmTwoFactor, disableTwoFactor, keyFromUri, startTwoFactor, type TwoFactorSetup } from '../api/two-factor';
import { securityMessage } from '../lib/security-errors';

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; action: 'enable' | 'disable' }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] };

export function TwoFactorSection({ enabled, onChanged }: { enabled: boolean; onChanged: () => Promise<void> | void }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Sign-in asks for a code from an authenticator app (such as Google Authenticator, 1Password or Authy) after
          your password.
        </p>
        {enabled ? <Badge variant="success">On</Badge> : <Badge variant="secondary">Off</Badge>}
      </div>
      {step.kind === 'idle' &&
        (enabled ? (
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => setStep({ kind: 'password', action: 'disable' })}
          >
            <ShieldOffIcon aria-hidden="true" />
            Turn off two-factor sign-in
          </Button>
        ) : (
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => setStep({ kind: 'password', action: 'enable' })}
          >
            <ShieldCheckIcon aria-hidden="true" />
            Turn on two-factor sign-in
          </Button>
        ))}
      {step.kind === 'password' && (
        <PasswordStep
          action={step.action}
          onCancel={() => setStep({ kind: 'idle' })}
          onDone={async (setup) => {
            if (setup) setStep({ kind: 'scan', setup });
            else {
              setStep({ kind: 'idle' });
              notifySuccess({ title: 'Two-factor sign-in is off' });
              await onChanged();
            }
          }}
        />
      )}
      {step.kind === 'scan' && (
        <ScanStep
          setup={step.setup}
          onCancel={() => setStep({ kind: 'idle' })}
          onConfirmed={async () => {
            setStep({ kind: 'codes', codes: step.setup.backupCodes });
            await onChanged();
          }}
        />
      )}
      {step.kind === 'codes' && <BackupCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />}
    </div>
  );
}

function PasswordStep({
  action,
  onCancel,
  onDone,
}: {
  action: 'enable' | 'disable';
  onCancel: () => void;
  onDone: (setup: TwoFactorSetup | null) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!password) return setError('Enter your password.');
    setBusy(true);
    setError(null);
    try {
      if (action === 'enable') await onDone(await startTwoFactor(password));
      else {
        await disableTwoFactor(password);
        await onDone(null);
      }
    } catch (err) {
      setError(securityMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="grid gap-3"
      onSubmit={onSubmit}
      noValidate
      aria-label={action === 'enable' ? 'Turn on two-factor sign-in' : 'Turn off two-factor sign-in'}
    >
      <Field
        label="Confirm with your password"
        type="password"
        autoComplete="current-password"
        maxLength={128}
        autoFocus
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormError>{error}</FormError>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy} variant={action === 'disable' ? 'destructive' : 'default'}>
          {busy && <Spinner />}
          {action === 'enable' ? 'Continue' : 'Turn off'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ScanStep({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onConfirmed: () => Promise<void>;
}) {
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = keyFromUri(setup.totpURI);

  useEffect(() => {
    let live = true;
    toDataURL(setup.totpURI, { margin: 1, width: 192 })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [setup.totpURI]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const clean = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(clean)) return setError('Enter the 6-digit code your app shows.');
    setBusy(true);
    setError(null);
    try {
      await confirmTwoFactor(clean);
      await onConfirmed();
    } catch (err) {
      setError(securityMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4 rounded-lg border p-4">
      <p className="text-sm">1. Scan this QR code with your authenticator app, or type the key.</p>
      <div className="flex flex-wrap items-center gap-4">
        {qr ? (
          <img
            src={qr}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="rounded-md border bg-white"
          />
        ) : (
          <div className="size-48 animate-pulse rounded-md bg-muted" />
        )}
        <div className="grid gap-1 text-sm">
          <span className="text-muted-foreground">Key</span>
          <code data-testid="totp-key" className="break-all rounded bg-muted px-2 py-1 font-mono text-sm">
            {key.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      </div>
      <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label="Confirm two-factor sign-in">
        <Field
          label="2. Enter the 6-digit code it shows"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <FormError>{error}</FormError>
        <div className="flex gap-2">
          <Button type="submit" disabled={busy}>
            {busy && <Spinner />}
            Turn on
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Plainspoken backup codes\nEach code signs you in once if you lose your authenticator app.\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notifySuccess({ title: 'Backup codes copied' });
    } catch {
      notifyError({ title: 'Copy Failed', description: 'Select the codes and copy them by hand.' });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'plainspoken-backup-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4">
      <p className="text-sm font-medium">
        Two-factor sign-in is on. Save these backup codes now: they are shown only once.
      </p>
      <p className="text-sm text-muted-foreground">Each code signs you in once if you lose your phone.</p>
      <ol data-testid="backup-codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={copy}>
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <DownloadIcon aria-hidden="true" />
          Download
        </Button>
        <Button size="sm" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}
