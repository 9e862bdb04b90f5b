// Types of scripts/shards.mjs for the TypeScript benches.
export declare const BASE_CONFIG: string;
export declare const SHARDS_CONFIG: string;
export declare function d1Bindings(configPath?: string): string[];
export declare function shardOfBinding(binding: string): number | undefined;
export declare function writeShardsConfig(count: number): string;
export declare function shardsFlag(args: string[]): { shards: number | undefined; rest: string[] };
