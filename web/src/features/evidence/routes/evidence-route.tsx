import { DocumentAttachment } from '@carbon/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/page-layout';

/** Evidence (/evidence): an empty state until the feature lands. */
export function EvidenceRoute() {
  return (
    <PageLayout
      breadcrumbs={[{ label: 'Home', to: '/' }, { label: 'Investigation' }]}
      title="Evidence"
      description="Files, screenshots and documents collected during investigations."
    >
      <EmptyState
        icon={DocumentAttachment}
        title="No evidence yet"
        description="Evidence attached to cases and journal entries will be listed here."
      />
    </PageLayout>
  );
}
