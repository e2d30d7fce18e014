import type { QueryClient } from '@tanstack/react-query';
import { hasPermission } from '@scamtrail/domain/permissions';
import { currentUserQueryOptions } from '../../../lib/session';
import { caseQueryOptions } from '../api/get-case';
import { journalEntriesQueryOptions } from '../journal/api/journal-get-entries';
import { readCaseTab } from '../components/case-tab-param';
import { journalPageParams, readTimelineParams } from '../journal/components/timeline-params';

/**
 * What /cases/:id shows first, asked for as soon as the route matches, while the screen's code is
 * still loading: the case and, on the Timeline tab, the journal page the URL names. The screen then
 * finds both in the cache (or on their way) instead of asking once it has rendered, and the journal
 * no longer waits for the case. Nothing is asked for a visitor who may not see it: the session is
 * known first (one request, shared with the guard's).
 */
export async function prefetchCaseDetail(queryClient: QueryClient, caseId: string, search: URLSearchParams) {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions);
  const may = (permission: string) => hasPermission(user?.permissions, permission);
  if (!caseId || !may('case.view')) return;
  const prefetches = [queryClient.prefetchQuery(caseQueryOptions(caseId))];
  if (readCaseTab(search) === 'timeline' && may('journal_entry.view')) {
    const params = journalPageParams(readTimelineParams(search));
    prefetches.push(queryClient.prefetchQuery(journalEntriesQueryOptions(caseId, params)));
  }
  await Promise.all(prefetches);
}
