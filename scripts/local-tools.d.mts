export declare function toolEnv(): NodeJS.ProcessEnv;
export declare function seededRandom(seed: number): () => number;
export declare function newApiKey(): { key: string; prefix: string; hash: string };
