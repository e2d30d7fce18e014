/** The first administrator of every e2e server (each worker's, see fixtures.ts). */
export const ADMIN = { email: 'admin@e2e.test', password: 'e2e admin password' };
