import { EvidencePanel } from '../components/evidence-panel';
import { PageLayout } from '../../../components/page-layout';
import { sectionTrail } from '../../../app/breadcrumbs';

/** Evidence (/evidence): every evidence item the user may see, with filters, upload and detail. */
export function EvidenceRoute() {
  return (
    <PageLayout
      breadcrumbs={sectionTrail('evidence')}
      title="Evidence"
      description="Files, screenshots, recordings and written statements, each with its hash and chain of custody."
    >
      <EvidencePanel />
    </PageLayout>
  );
}
