import { DataShare } from '@carbon/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/page-layout';

/** Export Streams (/export-streams): an empty state until the feature lands. */
export function ExportStreamsRoute() {
  return (
    <PageLayout
      breadcrumbs={[{ label: 'Home', to: '/' }, { label: 'Export' }]}
      title="Export Streams"
      description="Feeds that send case events to other systems."
    >
      <EmptyState
        icon={DataShare}
        title="No export streams yet"
        description="Export streams you set up will be listed here with their destination and delivery status."
      />
    </PageLayout>
  );
}
