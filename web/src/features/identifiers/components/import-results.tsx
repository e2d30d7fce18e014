import {
  Link,
  StructuredListBody,
  StructuredListCell,
  StructuredListHead,
  StructuredListRow,
  StructuredListWrapper,
  Tag,
} from '@carbon/react';
import type { ImportResult } from '../api/identifier-types';
import { pluralise } from '../../../lib/format';
import '../../../styles/carbon/structured-list.scss';

/** Problem rows listed at most; the counts above always cover every row. */
export const MAX_LISTED_ROWS = 200;

interface ImportResultsProps {
  result: ImportResult;
  onOpenIdentifier: (id: string) => void;
}

/** What an import did, per row: counts, then the rows that were not created and why. */
export function ImportResults({ result, onOpenIdentifier }: ImportResultsProps) {
  const { created, duplicates, invalid } = result.summary;
  const problems = result.data.filter((row) => row.status !== 'created');
  const listed = problems.slice(0, MAX_LISTED_ROWS);

  return (
    <div className="identifier-import__results">
      <ul className="identifier-import__summary" aria-label="Import summary">
        <li>
          <Tag type="green">{pluralise(created, 'created', 'created')}</Tag>
        </li>
        <li>
          <Tag type="blue">{pluralise(duplicates, 'duplicate')}</Tag>
        </li>
        <li>
          <Tag type={invalid > 0 ? 'red' : 'gray'}>{pluralise(invalid, 'invalid', 'invalid')}</Tag>
        </li>
      </ul>
      {listed.length > 0 && (
        <StructuredListWrapper isCondensed aria-label="Rows not imported">
          <StructuredListHead>
            <StructuredListRow head>
              <StructuredListCell head>Row</StructuredListCell>
              <StructuredListCell head>Result</StructuredListCell>
              <StructuredListCell head>Details</StructuredListCell>
            </StructuredListRow>
          </StructuredListHead>
          <StructuredListBody>
            {listed.map((row) => (
              <StructuredListRow key={row.row}>
                <StructuredListCell noWrap>{row.row}</StructuredListCell>
                <StructuredListCell noWrap>
                  {row.status === 'duplicate' ? 'Duplicate' : 'Invalid'}
                </StructuredListCell>
                <StructuredListCell>
                  {row.status === 'duplicate' && row.existingId ? (
                    <Link
                      href="#"
                      onClick={(event) => {
                        event.preventDefault();
                        onOpenIdentifier(row.existingId!);
                      }}
                    >
                      Open the existing identifier
                    </Link>
                  ) : (
                    (row.errors ?? []).map((error) => error.message).join('; ')
                  )}
                </StructuredListCell>
              </StructuredListRow>
            ))}
          </StructuredListBody>
        </StructuredListWrapper>
      )}
      {problems.length > listed.length && (
        <p className="identifier-import__more">
          {pluralise(problems.length - listed.length, 'more row')} not imported are not listed.
        </p>
      )}
    </div>
  );
}
