import { Button } from '@carbon/react';
import { Renew, WarningAlt } from '@carbon/icons-react';
import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-error';
import { refusedFilterText } from '../lib/list-filter-access';
import { focusPageHeading } from '../lib/page-heading';
import { EmptyState } from './empty-state';

/**
 * Why a list failed to load, then, if filters are set, that they are kept: two sentences. A server's
 * message may have no full stop ("Upstream timed out"), which would run into the next ("out Your filters").
 * A list refused for a filter the reader may not use (403) says which kind, and to clear the filters.
 */
export function loadFailedText(error: unknown, hasFilters = false): string {
  const refused = refusedFilterText(error);
  if (refused) return refused;
  const reason = errorMessage(error, 'The server did not answer.').trim();
  const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
  return hasFilters ? `${sentence} Your filters are kept.` : sentence;
}

const LIST_HEADING = ['h2', 'h3', 'h4'].map((h) => `.cds--data-table-container ${h}`).join(', ');

/**
 * Once Try again has loaded the list, this state and its button are gone, and focus went with them to
 * <body>: it goes to the heading of the list that took its place, else to the page's heading.
 */
function useFocusAfterRetry() {
  const around = useRef<HTMLElement | null>(null);
  useEffect(
    () => () => {
      const place = around.current;
      if (!place) return;
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active && active !== document.body) return;
        const heading = place.isConnected ? place.querySelector<HTMLElement>(LIST_HEADING) : null;
        if (!heading || !focusPageHeading(undefined, heading)) focusPageHeading();
      });
    },
    [],
  );
  /** Notes where the list is, from the button pressed. */
  return (button: HTMLElement) => {
    around.current = button.closest('.empty-state')?.parentElement ?? null;
  };
}

/** A list that is empty because it failed to load: the reason, and a retry that keeps the filters. */
export function ListLoadFailed(props: {
  title: string;
  error: unknown;
  onRetry: () => void;
  description?: ReactNode;
  /** Whether a filter or search is set: then the text says they are kept. */
  hasFilters?: boolean;
  /** Offered instead of Try again when the list was refused for a filter the reader may not use. */
  onClearFilters?: () => void;
}) {
  const noteRetry = useFocusAfterRetry();
  // Refused for a filter the reader may not use, trying again would be refused again.
  const clears = refusedFilterText(props.error) ? props.onClearFilters : undefined;
  return (
    <EmptyState
      icon={WarningAlt}
      title={props.title}
      description={props.description ?? loadFailedText(props.error, props.hasFilters)}
      action={
        <Button
          kind="tertiary"
          renderIcon={clears ? undefined : Renew}
          onClick={(event) => {
            noteRetry(event.currentTarget);
            if (clears) clears();
            else props.onRetry();
          }}
        >
          {clears ? 'Clear filters' : 'Try again'}
        </Button>
      }
    />
  );
}

/** A list whose filters match nothing: what to try, and a way out. */
export function ListNoMatches(props: {
  icon: ComponentProps<typeof EmptyState>['icon'];
  title: string;
  description: ReactNode;
  onClearFilters: () => void;
}) {
  return (
    <EmptyState
      icon={props.icon}
      title={props.title}
      description={props.description}
      action={
        <Button kind="tertiary" onClick={props.onClearFilters}>
          Clear filters
        </Button>
      }
    />
  );
}
