import { z } from 'zod';
import { responseText } from './text';
import { pageQuery } from './pagination';
import { nonEmptyPatch, optionalText, requiredText, searchQuerySchema } from './schema-helpers';

/** Carbon's tag types. */
export const TAG_COLORS = [
  'red',
  'magenta',
  'purple',
  'blue',
  'cyan',
  'teal',
  'green',
  'gray',
  'cool-gray',
  'warm-gray',
  'high-contrast',
  'outline',
] as const;
export type TagColor = (typeof TAG_COLORS)[number];
export const tagColorSchema = z.enum(TAG_COLORS, {
  message: `color must be one of ${TAG_COLORS.join(', ')}`,
});

export const TAG_NAME_MAX_LENGTH = 50;

/**
 * What carries the tag, as far as the caller may see: cases and evidence only of the cases they may
 * see, each kind only under its view permission (absent without it, not 0: it was not counted).
 */
export const tagUsageSchema = z.object({
  cases: z.number().int().optional().describe('Cases carrying the tag; absent without case.view'),
  evidence: z.number().int().optional().describe('Evidence items carrying it; absent without evidence.view'),
  identifiers: z
    .number()
    .int()
    .optional()
    .describe('Identifiers carrying it; absent without identifier.view'),
  total: z.number().int().describe('The sum of the counts given'),
});
export type TagUsage = z.infer<typeof tagUsageSchema>;

export const tagSchema = z
  .object({
    id: responseText(),
    name: responseText(),
    color: tagColorSchema,
    description: responseText(),
    /** How many cases, evidence items and identifiers carry the tag. */
    usage: tagUsageSchema,
    createdAt: responseText(),
    updatedAt: responseText(),
  })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof tagSchema>;

/** The short form embedded in tagged records. */
export const tagRefSchema = z
  .object({ id: responseText(), name: responseText(), color: tagColorSchema })
  .meta({ id: 'TagRef' });
export type TagRef = z.infer<typeof tagRefSchema>;

export const tagListQuerySchema = z.object({ ...pageQuery(100, 500), search: searchQuerySchema });

const tagFields = {
  name: requiredText('Name', TAG_NAME_MAX_LENGTH).describe('Unique, case-insensitively'),
  color: tagColorSchema,
  description: optionalText('Description'),
};

export const createTagBodySchema = z.object({
  name: tagFields.name,
  color: tagFields.color.default('gray'),
  description: tagFields.description.default(''),
});
export type CreateTagBody = z.infer<typeof createTagBodySchema>;

export const updateTagBodySchema = nonEmptyPatch(tagFields);
export type UpdateTagBody = z.infer<typeof updateTagBodySchema>;

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "2 identifiers and 1 case": what still carries a tag, for the refusal to delete it. */
export function describeTagUsage(usage: Omit<TagUsage, 'total'>): string {
  const parts = [
    usage.identifiers ? plural(usage.identifiers, 'identifier', 'identifiers') : '',
    usage.cases ? plural(usage.cases, 'case', 'cases') : '',
    usage.evidence ? plural(usage.evidence, 'evidence item', 'evidence items') : '',
  ].filter(Boolean);
  if (parts.length <= 1) return parts[0] ?? 'nothing';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
