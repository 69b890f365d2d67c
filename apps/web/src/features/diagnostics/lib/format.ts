export const NA = 'N/A';

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return NA;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return NA;
  return d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export function tierLabel(tier: string): string {
  return tier === 'FREE' ? 'Free' : tier;
}

export function yesNo(v: boolean): string {
  return v ? 'Yes' : 'No';
}
