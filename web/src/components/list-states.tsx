import { Button } from '@carbon/react';
import { Renew, WarningAlt } from '@carbon/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { errorMessage } from '../lib/api-error';
import { EmptyState } from './empty-state';

/**
 * Why a list failed to load, then that its filters are kept: two sentences. A server's message may have
 * no full stop ("Upstream timed out"), which would run into the next ("out Your filters").
 */
export function loadFailedText(error: unknown): string {
  const reason = errorMessage(error, 'The server did not answer.').trim();
  return `${/[.!?]$/.test(reason) ? reason : `${reason}.`} Your filters are kept.`;
}

/** A list that is empty because it failed to load: the reason, and a retry that keeps the filters. */
export function ListLoadFailed(props: {
  title: string;
  error: unknown;
  onRetry: () => void;
  description?: ReactNode;
}) {
  return (
    <EmptyState
      icon={WarningAlt}
      title={props.title}
      description={props.description ?? loadFailedText(props.error)}
      action={
        <Button kind="tertiary" renderIcon={Renew} onClick={props.onRetry}>
          Try again
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
