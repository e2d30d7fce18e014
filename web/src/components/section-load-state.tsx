import { InlineNotification, SkeletonText } from '@carbon/react';
import { errorMessage } from '../lib/api-error';

interface SectionLoadStateProps {
  /** The section's query while it has no data: loading, or failed. */
  query: { isError: boolean; error: unknown };
  /** "The chain of custody could not be loaded". */
  errorTitle: string;
  lineCount?: number;
}

/** A section of a detail before its data is there: a skeleton while it loads, or why it failed. */
export function SectionLoadState({ query, errorTitle, lineCount = 2 }: SectionLoadStateProps) {
  if (!query.isError) return <SkeletonText paragraph lineCount={lineCount} />;
  return (
    <InlineNotification
      kind="error"
      lowContrast
      hideCloseButton
      title={errorTitle}
      subtitle={errorMessage(query.error, 'Please try again')}
    />
  );
}
