import { PLANS } from '@plainspoken/shared';

/** Placeholder until the pricing feature (plans, billing toggle, checkout) is built. */
export function PricingPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-14 sm:px-6">
      <h1 className="text-center text-3xl font-bold tracking-tight sm:text-4xl">Pricing</h1>
      <p className="mt-3 text-center text-muted-foreground">Choose the plan that fits how much you write.</p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        {PLANS.map((p) => (
          <li key={p.tier} className="rounded-xl border bg-card p-6">
            <h2 className="text-lg font-semibold">{p.name}</h2>
            <p className="mt-2 text-3xl font-bold">${p.monthlyPrice}</p>
            <p className="text-sm text-muted-foreground">per month</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
