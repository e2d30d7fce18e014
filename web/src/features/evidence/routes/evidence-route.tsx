import { EvidencePanel } from '../components/evidence-panel';
import { PageLayout } from '../../../components/page-layout';
import { paths } from '../../../lib/paths';

/** Evidence (/evidence): every evidence item the user may see, with filters, upload and detail. */
export function EvidenceRoute() {
  return (
    <PageLayout
      breadcrumbs={[{ label: 'Home', to: paths.home() }, { label: 'Investigation' }]}
      title="Evidence"
      description="Files, screenshots, recordings and written statements, each with its hash and chain of custody."
    >
      <EvidencePanel />
    </PageLayout>
  );
}
