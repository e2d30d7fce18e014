import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { TAG_COLORS, type TagColor } from '@scamtrail/domain/tags';
import { sqlLiteral } from '../sql-literal';

/** A stored colour, or gray if it is not (or no longer) one of Carbon's tag types. */
export function toTagColor(color: string): TagColor {
  return (TAG_COLORS as readonly string[]).includes(color) ? (color as TagColor) : 'gray';
}

const tagColorLiterals = sql.join(TAG_COLORS.map(sqlLiteral), sql`, `);

/** `toTagColor` in SQL, for answers the database writes. */
export function tagColorSql(color: SQLWrapper): SQL {
  return sql`case when ${color} in (${tagColorLiterals}) then ${color} else 'gray' end`;
}
