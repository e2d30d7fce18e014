import { z } from 'zod';
import { onBehalfOfOriginatorIdField } from './api';
import { identifierVariantsMeta } from './data-schemas';
import { responseText } from '../text';

/** Most rows one import request may carry (JSON items or CSV records). */
export const IMPORT_MAX_ROWS = 5000;
/** Largest import body: 5,000 rows with notes fit comfortably. */
export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

export const importBodySchema = z.object({
  items: z
    .array(z.unknown(), { error: 'items must be an array of { type, data }' })
    .min(1, 'items must hold at least one row')
    .max(IMPORT_MAX_ROWS, `items: at most ${IMPORT_MAX_ROWS} rows per request`)
    .describe(
      'Rows of { type, data }. A CSV upload (text/csv body, or a multipart "file") becomes these rows: ' +
        'a header row with a "type" column and data field columns (address, countryCode, number, ...)',
    )
    .meta({ items: identifierVariantsMeta }),
  onBehalfOfOriginatorId: onBehalfOfOriginatorIdField,
});
export type ImportBody = z.infer<typeof importBodySchema>;

export const importRowResultSchema = z
  .object({
    row: z
      .number()
      .int()
      .describe('1-based position among the items (CSV: the first record after the header is 1)'),
    status: z.enum(['created', 'duplicate', 'invalid']),
    id: responseText().optional().describe('The created identifier'),
    existingId: responseText().optional().describe('The identifier this row duplicates'),
    errors: z.array(z.object({ field: responseText(), message: responseText() })).optional(),
  })
  .meta({ id: 'ImportRowResult' });
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importResultSchema = z.object({
  data: z.array(importRowResultSchema),
  summary: z.object({
    created: z.number().int(),
    duplicates: z.number().int(),
    invalid: z.number().int(),
  }),
});
export type ImportResult = z.infer<typeof importResultSchema>;
