import { TaskApproved } from '@carbon/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/page-layout';

/**
 * Identifier Validation (/validation). The queue is not built yet; the page says so rather than claim that
 * nothing waits, and points to where validation is done today: each identifier's detail.
 */
export function ValidationRoute() {
  return (
    <PageLayout
      breadcrumbs={[{ label: 'Home', to: '/' }, { label: 'Processing' }]}
      title="Identifier Validation"
      description="Review identifiers waiting for validation and confirm or reject them."
    >
      <EmptyState
        icon={TaskApproved}
        title="The validation queue is not available yet"
        description="Until it is, validate an identifier from its detail on the Identifiers screen: Validate runs its checks and updates its confidence."
        action={<Link to="/identifiers">Go to identifiers</Link>}
      />
    </PageLayout>
  );
}
