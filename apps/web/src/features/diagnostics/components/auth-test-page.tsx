/** Placeholder until the diagnostics feature is built. */
export function AuthTestPage() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Authentication debug</h1>
      <p className="mt-3 text-muted-foreground">This diagnostics page is for administrators.</p>
    </div>
  );
}
