/** Types for scripts/server-node-flags.mjs, which runs under plain node before any TypeScript loader. */
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function missingServerNodeFlags(execArgv: readonly string[]): string[];
export declare function ensureServerNodeFlags(): Promise<void>;
