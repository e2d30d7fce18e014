import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

/** The signatures routes (issue 9); filled in by the work in progress. */
export async function signaturesRoutes(
  _app: FastifyInstance,
  _opts: { database: Database; config: Config },
) {}
