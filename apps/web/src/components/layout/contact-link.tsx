import type { ReactNode } from 'react';
import { useAppConfig } from '@/lib/app-config';

/** A mailto: link to the contact address from the server's configuration. */
export function ContactLink({
  className,
  children,
  ariaLabel,
}: {
  className?: string;
  children?: ReactNode;
  ariaLabel?: string;
}) {
  const { data } = useAppConfig();
  const email = data?.contactEmail;
  return (
    <a
      href={email ? `mailto:${email}` : undefined}
      className={className}
      aria-label={ariaLabel}
      title={ariaLabel}
      aria-disabled={!email || undefined}
    >
      {children ?? 'Contact'}
    </a>
  );
}
