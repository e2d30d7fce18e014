import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readTimelineParams, writeTimelineParams, type TimelineParams } from './timeline-params';

/** The timeline's filters and page, in the URL so a view can be shared and survives Back. */
export function useTimelineState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readTimelineParams(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<TimelineParams>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeTimelineParams(current, changes), options),
    [setSearchParams],
  );
  const clearFilters = useCallback(() => update({ type: '', hasEvidence: false }), [update]);
  return { params, update, clearFilters };
}
