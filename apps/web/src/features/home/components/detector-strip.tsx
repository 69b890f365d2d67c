/** Detector names as plain text badges: no third-party artwork, and no claim that any of them is beaten. */
const DETECTORS = ['GPTZero', 'Turnitin', 'Originality.ai', 'Copyleaks', 'ZeroGPT', 'Winston AI', 'Sapling'] as const;

export function DetectorStrip() {
  return (
    <section aria-labelledby="detectors-title" className="mx-auto max-w-5xl px-4 py-12 text-center sm:px-6">
      <h2 id="detectors-title" className="text-sm font-medium text-muted-foreground">
        Written for readers, with the AI detectors people check against in mind
      </h2>
      <ul className="mt-5 flex flex-wrap items-center justify-center gap-2 sm:gap-3">
        {DETECTORS.map((name) => (
          <li
            key={name}
            className="rounded-full border bg-card px-4 py-1.5 text-sm font-semibold tracking-tight text-muted-foreground"
          >
            {name}
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-4 max-w-xl text-xs text-muted-foreground">
        Names are shown for reference only. We do not claim any result from these tools; detectors change often and none
        of them is certain.
      </p>
    </section>
  );
}
