export declare function newApiKey(): { key: string; prefix: string; hash: string };
