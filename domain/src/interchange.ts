import { z } from 'zod';
import { importRowResultSchema } from './identifiers/import-api';
import { identifierListQuerySchema } from './identifiers/api';
import { IMPORT_MAX_ROWS } from './identifiers/import-api';
import { responseText, text } from './text';

/** Request and response shapes of the exchange formats: STIX 2.1 bundles and MISP events. */

/** Most identifiers one STIX bundle of a list's filter may carry: narrow the filter beyond it. */
export const STIX_EXPORT_MAX = 10_000;

const looseObject = z.record(responseText(), z.unknown());

export const stixBundleSchema = z
  .object({
    type: z.literal('bundle', { message: 'type must be "bundle"' }),
    id: text({ label: 'id', max: 100, required: true }).regex(
      /^bundle--[0-9a-fA-F-]{36}$/,
      'id must be "bundle--" and a UUID',
    ),
    objects: z
      .array(looseObject, { message: 'objects must be an array of STIX objects' })
      .max(IMPORT_MAX_ROWS * 2, `objects: at most ${IMPORT_MAX_ROWS * 2} per bundle`)
      .describe('STIX 2.1 objects; each has at least type, id and spec_version'),
  })
  .meta({ id: 'StixBundle', description: 'A STIX 2.1 bundle (OASIS STIX 2.1, §8)' });
export type StixBundleBody = z.infer<typeof stixBundleSchema>;

export const stixExportQuerySchema = identifierListQuerySchema
  .omit({ page: true, pageSize: true })
  .describe('The identifier list filters');

const mispList = z.array(looseObject).max(IMPORT_MAX_ROWS, `at most ${IMPORT_MAX_ROWS} per event`).optional();

export const mispEventSchema = z
  .object({
    Event: z
      .looseObject({
        uuid: z.unknown().optional().describe('The event UUID (not read)'),
        info: z.unknown().optional().describe('The event title (not read)'),
        Attribute: mispList.describe('Attributes of the event'),
        Object: mispList.describe('MISP objects, each with its Attribute list'),
      })
      .describe('The event'),
  })
  .meta({ id: 'MispEvent', description: 'A MISP event in the MISP core format ({ "Event": { ... } })' });
export type MispEventBody = z.infer<typeof mispEventSchema>;

export const exchangeImportResultSchema = z
  .object({
    data: z.array(
      importRowResultSchema.extend({
        ref: responseText().describe('The STIX object or MISP attribute/object read'),
      }),
    ),
    summary: z.object({
      created: z.number().int(),
      duplicates: z.number().int(),
      invalid: z.number().int(),
      skipped: z.number().int(),
    }),
    skipped: z
      .array(z.object({ ref: responseText(), reason: responseText() }))
      .describe('What was read and is not an identifier Scamtrail records'),
  })
  .meta({ id: 'ExchangeImportResult' });
export type ExchangeImportResult = z.infer<typeof exchangeImportResultSchema>;
