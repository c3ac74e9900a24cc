/** Builds dist/client (and its pre-rendering entry) once, if it is missing. */
export function ensureClientBuilt(): void;
