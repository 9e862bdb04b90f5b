export declare function toolEnv(): NodeJS.ProcessEnv;
export declare function newApiKey(): { key: string; prefix: string; hash: string };
