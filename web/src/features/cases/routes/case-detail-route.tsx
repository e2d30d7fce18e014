import { FolderOpen } from '@carbon/icons-react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/page-layout';

/** Case Detail (/cases/:id): an empty state until the feature lands. */
export function CaseDetailRoute() {
  const { id = '' } = useParams();
  return (
    <PageLayout
      breadcrumbs={[
        { label: 'Home', to: '/' },
        { label: 'Cases', to: '/cases' },
      ]}
      title="Case Detail"
      description={`ID ${id}`}
    >
      <EmptyState
        icon={FolderOpen}
        title="No case to show"
        description={`There is no case with the ID "${id}" in this workspace.`}
      />
    </PageLayout>
  );
}
