export function withoutEngineWarnings(text: string): string;
