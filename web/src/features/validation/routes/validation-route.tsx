import { TaskApproved } from '@carbon/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/page-layout';

/** Identifier Validation (/validation): an empty state until the feature lands. */
export function ValidationRoute() {
  return (
    <PageLayout
      breadcrumbs={[{ label: 'Home', to: '/' }, { label: 'Processing' }]}
      title="Identifier Validation"
      description="Review identifiers waiting for validation and confirm or reject them."
    >
      <EmptyState
        icon={TaskApproved}
        title="No identifiers awaiting validation"
        description="Identifiers that need a second look will queue here."
      />
    </PageLayout>
  );
}
