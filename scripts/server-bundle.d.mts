/** Writes the server and CLI bundle into `outDir`/server and the migrations beside it; resolves to the server folder. */
export function bundleServer(outDir: string): Promise<string>;
