import { useParams } from 'react-router';
import { hasAllPermissions, hasPermission } from '@scamtrail/domain/permissions';
import { PageLayout } from '../../../components/page-layout';
import { useSession } from '../../../lib/session';
import { useCase } from '../api/get-case';
import '../components/case-detail.scss';
import { CaseDetailState } from '../components/case-detail-state';
import { CaseDetailTabs, type CaseEvidencePanel } from '../components/case-detail-tabs';
import { CaseHeader } from '../components/case-header';
import { CaseHeaderActions } from '../components/case-header-actions';
import { RelatedCasesPanel } from '../components/related-cases-panel';
import { LinkedCasesPanel } from '../components/linked-cases-panel';
import { CaseDuplicatesPanel } from '../components/case-duplicates-panel';
import { listTrail } from '../../../app/breadcrumbs';

const DOSSIER_PERMISSIONS = ['case.view', 'journal_entry.view', 'evidence.view', 'identifier.view'];

const BREADCRUMBS = listTrail('cases');

/**
 * Case Detail (/cases/{id}): the case's header and actions, its Timeline, Evidence, Identifiers and
 * History tabs, the cases related to it through shared identifiers and those linked to it by hand.
 * The Evidence tab is the evidence feature's panel, given by the app (app/screens/case-detail-screen.tsx).
 */
export function CaseDetailRoute({ EvidencePanel }: { EvidencePanel: CaseEvidencePanel }) {
  const { id = '' } = useParams();
  const { user } = useSession();
  const query = useCase(id);

  if (!query.isSuccess) return <CaseDetailState query={query} breadcrumbs={BREADCRUMBS} />;

  const caseItem = query.data;
  const canEdit = hasPermission(user?.permissions, 'case.edit');
  // As the dossier route declares: a person who may read everything a dossier holds.
  const canExport = hasAllPermissions(user?.permissions, DOSSIER_PERMISSIONS);
  return (
    <PageLayout
      breadcrumbs={BREADCRUMBS}
      crumb={`#${caseItem.number}`}
      title={caseItem.title}
      actions={<CaseHeaderActions caseItem={caseItem} canEdit={canEdit} canExport={canExport} />}
    >
      <CaseHeader caseItem={caseItem} />
      <div className="case-detail__body">
        <div className="case-detail__main">
          <CaseDetailTabs caseItem={caseItem} canEdit={canEdit} EvidencePanel={EvidencePanel} />
        </div>
        <div className="case-detail__aside">
          <RelatedCasesPanel caseId={caseItem.id} />
          <LinkedCasesPanel caseItem={caseItem} canEdit={canEdit} />
          <CaseDuplicatesPanel caseId={caseItem.id} />
        </div>
      </div>
    </PageLayout>
  );
}
