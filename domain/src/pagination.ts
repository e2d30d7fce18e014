import { z } from 'zod';

/** List endpoints answer `{ data, pagination }`. */
export const paginationSchema = z
  .object({
    page: z.number().int(),
    pageSize: z.number().int(),
    totalItems: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof paginationSchema>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}

/**
 * A list answer whose count stops at `cap` (a count past it would cost more than the page):
 * `totalIsCapped` says the total is "cap+".
 */
export function cappedPaginated<T extends z.ZodType>(item: T, cap: number) {
  return paginated(item).extend({
    totalIsCapped: z
      .boolean()
      .describe(
        `True when more than ${cap.toLocaleString('en-US')} match: the count stops there (show "${cap.toLocaleString('en-US')}+")`,
      ),
  });
}

export function pageQuery(defaultSize = 25, maxSize = 100) {
  return {
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  };
}

export function toPagination(page: number, pageSize: number, totalItems: number): Pagination {
  return { page, pageSize, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / pageSize)) };
}
