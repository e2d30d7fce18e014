import { Checkbox, CheckboxGroup } from '@carbon/react';
import { EXPORT_TOPIC_LABELS, EXPORT_TOPICS, type ExportTopic } from '@scamtrail/domain/export-streams';

const ERROR_ID = 'export-stream-topics-error';

interface TopicsFieldProps {
  value: readonly ExportTopic[];
  onChange: (topics: ExportTopic[]) => void;
  invalid: boolean;
  invalidText?: string;
}

/**
 * The topics a stream carries, one checkbox each. Carbon's group shows its error without naming it: the
 * group is described by it here, so a screen reader reads it on entering the group.
 */
export function TopicsField({ value, onChange, invalid, invalidText }: TopicsFieldProps) {
  return (
    <CheckboxGroup
      legendText="Topics"
      helperText="What the stream carries; at least one."
      invalid={invalid}
      invalidText={<span id={ERROR_ID}>{invalidText}</span>}
      // Only while invalid: otherwise Carbon describes the group by its helper text.
      {...(invalid && { 'aria-describedby': ERROR_ID })}
    >
      {EXPORT_TOPICS.map((topic) => (
        <Checkbox
          key={topic}
          id={`export-stream-topic-${topic}`}
          labelText={EXPORT_TOPIC_LABELS[topic]}
          checked={value.includes(topic)}
          onChange={(_event, { checked }) =>
            onChange(checked ? [...value, topic] : value.filter((chosen) => chosen !== topic))
          }
        />
      ))}
    </CheckboxGroup>
  );
}
