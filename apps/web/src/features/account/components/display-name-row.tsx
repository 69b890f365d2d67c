import { useQueryClient } from '@tanstack/react-query';
import { PencilIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DISPLAY_NAME_MAX, displayNameProblem, shownName } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { authClient, refreshSession, type SessionUser } from '@/lib/auth';
import { dismissErrorToasts, notifyError, notifySuccess } from '@/lib/toast';

/**
 * The account card's Name: the display name when one is set, else the email (spec text), with an Edit
 * button. Saving an empty name goes back to showing the email.
 */
export function DisplayNameRow({ user }: { user: SessionUser }) {
  const qc = useQueryClient();
  const current = shownName(user);
  const hasName = current !== user.email;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function start() {
    setValue(hasName ? current : '');
    setError(null);
    setEditing(true);
  }

  async function onSave(e: FormEvent) {
    e.preventDefault();
    dismissErrorToasts();
    const name = value.trim();
    const problem = displayNameProblem(name);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    try {
      const res = await authClient.updateUser({ name: name || user.email });
      if (res.error) throw new Error(res.error.message ?? 'Could not save your name.');
      await refreshSession(qc);
      setEditing(false);
      notifySuccess({
        title: name ? 'Name saved' : 'Name removed',
        description: name ? `We'll call you ${name}.` : 'Your email is shown instead.',
      });
    } catch (err) {
      notifyError({
        title: 'Could not save your name',
        description: err instanceof Error ? err.message : 'Please try again.',
      });
    } finally {
      setSaving(false);
    }
  }

  if (!editing) {
    return (
      <dd className="flex min-w-0 items-center justify-between gap-3">
        <span className="break-all" data-testid="account-name">
          {current}
        </span>
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0"
          onClick={start}
          aria-label={hasName ? 'Edit your name' : 'Set name (your display name)'}
        >
          <PencilIcon aria-hidden="true" />
          {hasName ? 'Edit' : 'Set name'}
        </Button>
      </dd>
    );
  }

  return (
    <dd>
      <form className="grid gap-2" onSubmit={onSave} noValidate>
        <Input
          aria-label="Display name"
          autoFocus
          autoComplete="name"
          placeholder="Your name"
          maxLength={DISPLAY_NAME_MAX + 20}
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
        {error ? (
          <p role="alert" className="text-xs text-destructive">
            {error}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">
            Shown instead of your email. Leave it empty to show your email.
          </p>
        )}
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={saving}>
            {saving && <Spinner />}
            Save
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)} disabled={saving}>
            Cancel
          </Button>
        </div>
      </form>
    </dd>
  );
}
