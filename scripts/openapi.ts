// The OpenAPI document and the client generated from it (`api-client/`).
//
//   node --import tsx scripts/openapi.ts document   writes api-client/dist/openapi.json (for the linter)
//   node --import tsx scripts/openapi.ts generate   writes api-client/src/schema.d.ts
//   node --import tsx scripts/openapi.ts check      both, and exits 1 when the committed schema.d.ts is
//                                                   not what the routes generate (a route changed
//                                                   without `npm run generate:api-client`)
//
// The document is the one `/api/openapi.json` serves: the app is built in-process on an in-memory
// PGlite (never migrated: building the routes reads nothing) and asked for it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import * as prettier from 'prettier';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';

const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const DOCUMENT = fromRoot('api-client/dist/openapi.json');
const SCHEMA = fromRoot('api-client/src/schema.d.ts');

async function openapiDocument(): Promise<Record<string, unknown>> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }),
    database,
    logger: false,
  });
  try {
    await app.ready();
    return await app.openapiDocument();
  } finally {
    await app.close();
    await database.close();
  }
}

/** The TypeScript types of the document, formatted as the repository formats TypeScript. */
async function schemaTypes(document: Record<string, unknown>): Promise<string> {
  const types = COMMENT_HEADER + astToString(await openapiTS(document as never));
  const options = await prettier.resolveConfig(SCHEMA);
  return prettier.format(types, { ...options, filepath: SCHEMA });
}

const command = process.argv[2];
if (!['document', 'generate', 'check'].includes(command)) {
  console.error('Usage: node --import tsx scripts/openapi.ts document|generate|check');
  process.exit(2);
}

const document = await openapiDocument();
mkdirSync(dirname(DOCUMENT), { recursive: true });
writeFileSync(DOCUMENT, `${JSON.stringify(document, null, 2)}\n`);
if (command === 'generate') writeFileSync(SCHEMA, await schemaTypes(document));
if (command === 'check' && (await schemaTypes(document)) !== readFileSync(SCHEMA, 'utf8')) {
  console.error(
    'api-client/src/schema.d.ts is not what the routes generate: run `npm run generate:api-client` ' +
      'and commit the change.',
  );
  process.exit(1);
}
