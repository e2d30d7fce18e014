/** The case's journal, newest first (the Timeline tab of /cases/:id). Built by the timeline work. */
export function CaseTimeline(_props: { caseId: string; readOnly: boolean }) {
  return null;
}
