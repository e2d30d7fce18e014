/**
 * The entity tag (ETag, If-Match) of a version of a shared record: its `updatedAt` in milliseconds
 * since the epoch, quoted. Every edit moves `updated_at` on by at least a millisecond, so two versions
 * never share a tag; the web can therefore compute the tag of the record it shows.
 */
export function entityTagOf(updatedAt: string | Date): string {
  const ms = typeof updatedAt === 'string' ? Date.parse(updatedAt) : updatedAt.getTime();
  return `"${ms}"`;
}
