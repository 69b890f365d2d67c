import { twMerge } from 'tailwind-merge';

/**
 * Development only (`cn` calls it behind `import.meta.env.DEV`, so the production bundle drops it and
 * tailwind-merge with it): names the classes of one element that set the same thing, e.g. `text-lg` from
 * a component and `text-2xl` from its caller. Which of two such classes wins depends on the order of the
 * stylesheet, not of the class list, so a caller that means to override marks its class important
 * (`text-2xl!`). The component tests fail on this message.
 */
export function classConflicts(classes: string): string[] {
  const all = classes.split(/\s+/).filter(Boolean);
  const kept = new Set(twMerge(classes).split(/\s+/));
  return all.filter((c) => !kept.has(c));
}
