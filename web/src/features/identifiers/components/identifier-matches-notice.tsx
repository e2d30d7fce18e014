import { useId } from 'react';
import { Callout, Link } from '@carbon/react';
import { Link as RouterLink } from 'react-router';
import type { IdentifierItem } from '../api/identifier-types';

export const MATCHES_TITLE = 'On record, written differently';

interface IdentifierMatchesNoticeProps {
  /** The identifiers the searched value is (by normalised key) that the list on screen does not show. */
  matches: IdentifierItem[];
  /** The link (search part) that opens an identifier's detail, as the table's rows link. */
  detailSearch: (id: string) => string;
}

/**
 * Above the list: the identifiers a search names exactly, however they were written, when the
 * display-value search missed them ("+44 7700 900123" typed, "+44 7700900123" on record). Each links
 * to its detail, as a row does. A Callout, as Carbon's notification for content with links: each
 * link is described by the title.
 */
export function IdentifierMatchesNotice({ matches, detailSearch }: IdentifierMatchesNoticeProps) {
  const titleId = useId();
  if (matches.length === 0) return null;
  return (
    <Callout kind="info" lowContrast className="identifier-matches" title={MATCHES_TITLE} titleId={titleId}>
      <ul className="identifier-matches__list">
        {matches.map((item) => (
          <li key={item.id}>
            <Link as={RouterLink} to={{ search: detailSearch(item.id) }} aria-describedby={titleId}>
              {item.displayValue}
            </Link>{' '}
            ({item.typeLabel})
          </li>
        ))}
      </ul>
    </Callout>
  );
}
