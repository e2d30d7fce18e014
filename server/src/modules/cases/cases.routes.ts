import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/** Cases: list, create, read, update; their related cases, identifiers and history. */
export async function casesRoutes(_app: FastifyInstance, _opts: { db: Db }) {}
