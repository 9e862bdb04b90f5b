// Types of wrangler-dev.mjs for the TypeScript benches.
export const ROOT: string;
export function d1File(persist: string): string;
export function freePort(): Promise<number>;
export function seedKeys(persist: string, name: string, count?: number, account?: number): () => string;
export function migrateLocal(persist: string, configPath?: string): void;
export function startWranglerDev(options: {
  persist: string;
  configPath?: string;
  vars?: Record<string, string>;
  logLevel?: string;
}): Promise<{ base: string; stop: () => void; output: string[]; inspectorPort: number; exited: Promise<void>; pid: number }>;
