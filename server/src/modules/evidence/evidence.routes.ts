import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

/** Evidence: uploads and written evidence, content, verification, chain of custody. */
export async function evidenceRoutes(_app: FastifyInstance, _opts: { database: Database; config: Config }) {}
