export declare function toolEnv(): NodeJS.ProcessEnv;
export declare function seededRandom(seed: number): () => number;
export declare function newApiKey(): { key: string; prefix: string; hash: string };
export declare function freePort(): Promise<number>;
export declare function d1File(persist: string): string;
