import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/** Journal entries: create, link to a case, list a case's journal, edit, remove, link evidence and identifiers. */
export async function journalEntriesRoutes(_app: FastifyInstance, _opts: { db: Db }) {}
