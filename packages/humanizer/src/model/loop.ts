export async function modelHumanize(..._a: unknown[]): Promise<{ ok: true; text: string; scoreAfter: number; tokensUsed: number; note?: string } | { ok: false; reason: string }> {
  return { ok: false, reason: 'not built' };
}
