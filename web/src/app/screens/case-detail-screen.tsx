import { CaseDetailRoute } from '../../features/cases/routes/case-detail-route';
import { EvidencePanel } from '../../features/evidence/components/evidence-panel';

/** /cases/{id}: the case detail, its Evidence tab the evidence feature's panel for the case. */
export function CaseDetailScreen() {
  return <CaseDetailRoute EvidencePanel={EvidencePanel} />;
}
