import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface FieldProps extends ComponentProps<'input'> {
  /** What tests and screen readers find the input by. */
  label: string;
  /** Shown under the input as an alert and tied to it (aria-invalid, aria-describedby). */
  error?: string | null;
  /** Beside the label, e.g. a 'Forgot password?' link. */
  labelAside?: ReactNode;
  /** Under the input, e.g. a list of password rules (give it an id and pass aria-describedby). */
  children?: ReactNode;
  /** Beside the error, e.g. a 'Resend' button that fixes it. */
  errorAction?: ReactNode;
}

/** A labelled input. */
export function Field({
  label,
  error,
  labelAside,
  children,
  errorAction,
  id: ownId,
  'aria-describedby': describedBy,
  ...props
}: FieldProps) {
  const generated = useId();
  const errorId = useId();
  const id = ownId ?? generated;
  const labelEl = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className="grid gap-2">
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelEl}
          {labelAside}
        </div>
      ) : (
        labelEl
      )}
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
        {...props}
      />
      {children}
      {error && errorAction ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <FormError id={errorId}>{error}</FormError>
          {errorAction}
        </div>
      ) : (
        <FormError id={errorId}>{error ?? null}</FormError>
      )}
    </div>
  );
}

/** A form's error sentence; nothing when there is none. */
export function FormError({ children, id }: { children: string | null; id?: string }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {children}
    </p>
  );
}
