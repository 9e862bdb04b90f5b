export declare const prebundled: string[];
export declare const notPrebundled: string[];
export declare const notInWorkerd: string[];
export declare const optimizerExternal: string[];
