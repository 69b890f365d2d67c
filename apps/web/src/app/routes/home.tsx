import { BelowTheFold, Hero } from '@/features/home';
import { HumanizerCard } from '@/features/humanize';

export function HomeRoute() {
  return (
    <>
      <Hero />
      <div className="mx-auto w-full max-w-6xl px-3 sm:px-6">
        <HumanizerCard />
      </div>
      <BelowTheFold />
    </>
  );
}
