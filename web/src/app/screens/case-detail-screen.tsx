import { lazy } from 'react';
import { CaseDetailRoute } from '../../features/cases/routes/case-detail-route';

/** Loaded when the Evidence tab is chosen: a case opens on its timeline. */
const EvidencePanel = lazy(() =>
  import('../../features/evidence/components/evidence-panel').then((module) => ({
    default: module.EvidencePanel,
  })),
);

/** /cases/{id}: the case detail, its Evidence tab the evidence feature's panel for the case. */
export function CaseDetailScreen() {
  return <CaseDetailRoute EvidencePanel={EvidencePanel} />;
}
