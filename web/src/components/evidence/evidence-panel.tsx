/** Evidence items with their filters and the add-evidence dialog; /evidence and a case's Evidence tab. */
export function EvidencePanel(_props: { caseId?: string; readOnly?: boolean }) {
  return null;
}
