import { Button, InlineNotification, Link, SkeletonText } from '@carbon/react';
import { ComboBox } from '../../../components/keep-selection-on-escape';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage, failureMessage } from '../../../lib/api-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { LINKED_IDENTIFIERS_PAGE_SIZE, useEvidenceIdentifiers } from '../api/get-evidence-identifiers';
import { useIdentifierOptions, type IdentifierOption } from '../api/get-identifier-options';
import { useEvidenceIdentifierLink } from '../api/link-evidence-identifier';
import { SectionPager } from '../../../components/section-pager';
import { paths } from '../../../lib/paths';

interface EvidenceIdentifiersProps {
  evidenceId: string;
  /** Link and unlink (evidence.edit and identifier.view, and the item's case not archived). */
  canEdit: boolean;
}

const SEARCH_ID = 'evidence-link-identifier';

const focusSearch = () => document.getElementById(SEARCH_ID)?.focus();

const optionText = (item: IdentifierOption | null) =>
  item ? `${item.displayValue} (${item.typeLabel})` : '';

/** An identifier on record, searched for by display value on the server as the person types. */
function IdentifierSearch({
  exclude,
  busy,
  onPick,
}: {
  exclude: ReadonlySet<string>;
  /** A link is being saved: the box takes no pick, but keeps focus (a disabled one would drop it). */
  busy: boolean;
  onPick: (item: IdentifierOption) => void;
}) {
  const [input, setInput] = useState('');
  const [isOpen, setOpen] = useState(false);
  // Each pick remounts the box: empty again for the next one, with focus kept in it.
  const [picks, setPicks] = useState(0);
  const search = useDebouncedValue(input.trim());
  const options = useIdentifierOptions(search, isOpen);
  const items = (options.data ?? []).filter((item) => !exclude.has(item.id));
  useEffect(() => {
    if (picks > 0) focusSearch();
  }, [picks]);
  const hasNoMatch = Boolean(search) && options.isSuccess && !options.isPlaceholderData && items.length === 0;
  const helperText = options.isError
    ? `Identifiers could not be listed: ${errorMessage(options.error, 'please try again')}`
    : hasNoMatch
      ? `No other identifier on record matches "${search}".`
      : 'A phone number, e-mail address, account... already on record.';
  return (
    <div onFocus={() => setOpen(true)} onPointerDown={() => setOpen(true)}>
      <ComboBox<IdentifierOption>
        key={picks}
        id={SEARCH_ID}
        titleText="Link an identifier"
        placeholder="Search identifiers"
        helperText={helperText}
        items={items}
        itemToString={optionText}
        selectedItem={null}
        shouldFilterItem={() => true}
        readOnly={busy}
        onInputChange={(text) => setInput(text)}
        onChange={({ selectedItem }) => {
          if (!selectedItem) return;
          setInput('');
          setPicks((n) => n + 1);
          onPick(selectedItem);
        }}
      />
    </div>
  );
}

/**
 * The identifiers linked to the item, each opening its details, with a search to link one more and a
 * button to unlink each (for those who may change the item).
 */
export function EvidenceIdentifiers({ evidenceId, canEdit }: EvidenceIdentifiersProps) {
  const [page, setPage] = useState(1);
  const query = useEvidenceIdentifiers(evidenceId, page);
  const link = useEvidenceIdentifierLink(evidenceId);
  const linkFailure = failureMessage(link.error, 'Please try again');
  const linked = query.data?.data ?? [];

  // Unlinking the last one of the last page: show the page before.
  const totalPages = query.data?.pagination.totalPages ?? 1;
  useEffect(() => {
    if (!query.isPlaceholderData && page > Math.max(totalPages, 1)) setPage(Math.max(totalPages, 1));
  }, [query.isPlaceholderData, page, totalPages]);

  return (
    <div className="evidence-links">
      {canEdit && (
        <IdentifierSearch
          exclude={new Set(linked.map((item) => item.id))}
          busy={link.isPending}
          onPick={(item) => {
            setPage(1);
            link.mutate({ identifierId: item.id, linked: true });
          }}
        />
      )}
      {linkFailure && (
        <InlineNotification
          kind="error"
          lowContrast
          title="The link was not changed"
          subtitle={linkFailure}
          onClose={() => link.reset()}
        />
      )}
      {query.isPending ? (
        <SkeletonText paragraph lineCount={2} />
      ) : query.isError ? (
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title="The identifiers could not be loaded"
          subtitle={errorMessage(query.error, 'Please try again')}
        />
      ) : linked.length === 0 ? (
        <p className="evidence-links__empty">No identifier is linked to this evidence.</p>
      ) : (
        <ul className="evidence-links__list" aria-label="Linked identifiers">
          {linked.map((item) => (
            <li key={item.id} className="evidence-links__item">
              <div className="evidence-links__main">
                <Link
                  as={RouterLink}
                  to={paths.identifiers({ open: item.id })}
                  className="evidence-links__value"
                >
                  {item.displayValue}
                </Link>
                <span className="evidence-links__meta">{item.typeLabel}</span>
              </div>
              {canEdit && (
                <Button
                  kind="ghost"
                  size="sm"
                  className="evidence-links__action"
                  aria-label={`Unlink ${item.displayValue}`}
                  disabled={link.isPending}
                  // The button goes with its row: focus waits in the search, for the next link.
                  onClick={() =>
                    link.mutate({ identifierId: item.id, linked: false }, { onSettled: focusSearch })
                  }
                >
                  Unlink
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {query.data && (
        <SectionPager
          page={page}
          pageSize={LINKED_IDENTIFIERS_PAGE_SIZE}
          pagination={query.data.pagination}
          disabled={query.isPlaceholderData}
          onPage={setPage}
        />
      )}
    </div>
  );
}
