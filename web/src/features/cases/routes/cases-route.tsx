import { FolderOpen } from '@carbon/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/page-layout';

/** Cases (/cases): an empty state until the feature lands. */
export function CasesRoute() {
  return (
    <PageLayout
      breadcrumbs={[{ label: 'Home', to: '/' }, { label: 'Investigation' }]}
      title="Cases"
      description="Open and track fraud investigations with their journal entries, evidence and identifiers."
    >
      <EmptyState
        icon={FolderOpen}
        title="No cases yet"
        description="Cases opened by your team will be listed here with their status, assignee and latest activity."
      />
    </PageLayout>
  );
}
