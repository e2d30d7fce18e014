import { Tag } from '@carbon/react';
import {
  EXPORT_STREAM_STATUS_LABELS,
  EXPORT_STREAM_UNGROUPED_LABEL,
  EXPORT_TOPIC_LABELS,
  type ExportStream,
  type ExportStreamStatus,
  type ExportTopic,
} from '@scamtrail/domain/export-streams';

/** Active streams answer their readers; paused ones refuse them (409) until resumed. */
export function ExportStreamStatusTag({ status }: { status: ExportStreamStatus }) {
  return (
    <Tag type={status === 'active' ? 'green' : 'gray'} size="sm">
      {EXPORT_STREAM_STATUS_LABELS[status]}
    </Tag>
  );
}

/** What a stream carries, one tag a topic. */
export function ExportTopicTags({ topics }: { topics: readonly ExportTopic[] }) {
  return (
    <ul className="tag-list" aria-label="Topics">
      {topics.map((topic) => (
        <li key={topic}>
          <Tag type="cool-gray" size="sm">
            {EXPORT_TOPIC_LABELS[topic]}
          </Tag>
        </li>
      ))}
    </ul>
  );
}

/** Whose cases a stream carries: those of no group always, then its groups by name. */
export function ExportStreamCasesTags({ groups }: { groups: ExportStream['groups'] }) {
  return (
    <ul className="tag-list" aria-label="Cases carried">
      <li>
        <Tag type="cool-gray" size="sm">
          {EXPORT_STREAM_UNGROUPED_LABEL}
        </Tag>
      </li>
      {(groups ?? []).map((group) => (
        <li key={group.id}>
          <Tag type="purple" size="sm">
            Group: {group.name}
          </Tag>
        </li>
      ))}
    </ul>
  );
}
