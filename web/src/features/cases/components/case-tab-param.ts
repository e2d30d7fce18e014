/** The tabs of /cases/:id, in order; the selected one lives in the URL (?tab=history). */
export const CASE_TABS = ['timeline', 'tasks', 'evidence', 'identifiers', 'history'] as const;
export type CaseTab = (typeof CASE_TABS)[number];
export const TAB_PARAM = 'tab';

/** The tab a URL names; the timeline when it names none (or one that does not exist). */
export function readCaseTab(params: URLSearchParams): CaseTab {
  const tab = params.get(TAB_PARAM);
  return CASE_TABS.find((name) => name === tab) ?? 'timeline';
}
