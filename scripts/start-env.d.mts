export declare const START_ENV: Record<string, string>;
export declare const START_NODE_ARGS: string[];
