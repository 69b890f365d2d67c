export type FakeMode = 'ok';
export interface FakeProvider { url: string }
export async function startFakeProvider(): Promise<FakeProvider> { return { url: '' }; }
