/** Types for require-node.mjs, which stays plain JavaScript so any old node can run it and say what it needs. */
export function satisfiesEngines(version: string, range: string): boolean;
