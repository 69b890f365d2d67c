import type { ReactNode } from 'react';
import { LEGAL_LAST_UPDATED } from '@plainspoken/shared';

export function LegalLayout({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="mb-10 border-b pb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated {LEGAL_LAST_UPDATED}</p>
        <div className="mt-5 text-lg leading-relaxed text-muted-foreground">{intro}</div>
      </header>
      <div className="grid gap-8 leading-relaxed [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 [&_a:hover]:underline [&_li]:mt-1.5 [&_ul]:list-disc [&_ul]:pl-5 [&_p+p]:mt-3 [&_ul]:mt-3">
        {children}
      </div>
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-3 text-xl font-semibold tracking-tight">{title}</h2>
      <div className="text-[0.95rem] text-foreground/90">{children}</div>
    </section>
  );
}
