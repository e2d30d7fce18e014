/** Compiles the server into server/dist/main.mjs (see build-server.mjs). */
export function buildServer(): Promise<void>;
