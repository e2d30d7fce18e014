import { useCallback, useMemo } from 'react';
import { useUrlSearchText } from '../../../../lib/use-url-search-text';
import { readTimelineParams, writeTimelineParams, type TimelineParams } from './timeline-params';
import { useLiveSearchParams } from '../../../../lib/use-live-search-params';

/**
 * The timeline's search, filters and page, in the URL so a view can be shared and survives Back. The
 * search box writes to the URL 300 ms after the last keystroke, as the lists' do.
 */
export function useTimelineState() {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const params = useMemo(() => readTimelineParams(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<TimelineParams>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeTimelineParams(current, changes), options),
    [setSearchParams],
  );
  const writeSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);
  const [searchText, setSearchText] = useUrlSearchText(params.search, writeSearch);
  const clearFilters = useCallback(() => {
    setSearchText('');
    update({ search: '', type: '', hasEvidence: false });
  }, [update, setSearchText]);
  return { params, update, clearFilters, searchText, setSearchText };
}
