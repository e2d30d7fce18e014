import type { ExportStream } from '@scamtrail/domain/export-streams';
import { DescriptionList } from '../../../components/description-list';
import { EMPTY_CELL, formatDateTime } from '../../../lib/format';
import { ExportStreamCasesTags, ExportStreamStatusTag, ExportTopicTags } from './export-stream-tags';

/** What the stream carries, whether it answers, and when a reader last read it. */
export function ExportStreamDetails({ stream }: { stream: ExportStream }) {
  return (
    <DescriptionList
      aria-label="Export stream details"
      items={[
        { label: 'Description', value: stream.description || EMPTY_CELL },
        { label: 'Topics', value: <ExportTopicTags topics={stream.topics} /> },
        { label: 'Cases', value: <ExportStreamCasesTags groups={stream.groups} /> },
        { label: 'Status', value: <ExportStreamStatusTag status={stream.status} /> },
        { label: 'Last read', value: formatDateTime(stream.lastReadAt, 'Never') },
        { label: 'Created by', value: stream.createdBy ?? EMPTY_CELL },
        { label: 'Created', value: formatDateTime(stream.createdAt) },
        { label: 'Last updated', value: formatDateTime(stream.updatedAt) },
      ]}
    />
  );
}
