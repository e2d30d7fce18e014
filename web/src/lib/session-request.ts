import type { ApiGet } from './api-url';

/** `GET /api/auth/me`: the signed-in user (401: nobody). Asked by session.ts and by first-requests.ts. */
export const CURRENT_USER_REQUEST: ApiGet = { path: '/auth/me' };
