/** The server the end-to-end tests start: production build, fresh PGlite data directory. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const ADMIN = { email: 'admin@e2e.test', password: 'e2e admin password' };
