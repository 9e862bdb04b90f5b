export declare const prebundled: string[];
export declare const notPrebundled: string[];
export declare const notInWorkerd: string[];
