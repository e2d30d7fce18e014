import { DismissibleTag } from '@carbon/react';
import { EXPORT_STREAM_UNGROUPED_LABEL } from '@scamtrail/domain/export-streams';
import { MultiSelect } from '../../../components/keep-selection-on-escape-multi-select';
import { errorMessage } from '../../../lib/api-error';
import type { GroupOption } from '../../../lib/group-options';
import { useStreamGroupOptions } from '../api/get-stream-group-options';

interface GroupsFieldProps {
  value: readonly string[];
  onChange: (groupIds: string[]) => void;
  /** The stream's groups, listed even before (or without) the list of groups. */
  initial: readonly GroupOption[];
  invalid: boolean;
  invalidText?: string;
}

/**
 * The groups whose cases the stream carries besides the cases of no group. Their events go to every
 * system that reads the stream, whatever groups its key could otherwise see: the helper says so.
 */
export function GroupsField({ value, onChange, initial, invalid, invalidText }: GroupsFieldProps) {
  const options = useStreamGroupOptions();
  const listed = options.data ?? [];
  const items = [...initial.filter((group) => !listed.some((g) => g.id === group.id)), ...listed];
  const chosen = items.filter((group) => value.includes(group.id));
  const helperText = options.isPending
    ? 'Loading the groups...'
    : options.isError
      ? `${errorMessage(options.error, 'Groups cannot be listed.')} The groups are left as they are.`
      : `${EXPORT_STREAM_UNGROUPED_LABEL} always. The cases of the groups chosen here go to whoever reads the stream.`;
  return (
    // Busy while the groups load: the field is disabled until then (see docs/conventions.md).
    <div aria-busy={options.isPending}>
      <MultiSelect<GroupOption>
        id="export-stream-groups"
        titleText="Groups (optional)"
        placeholder="Choose groups"
        helperText={helperText}
        items={items}
        itemToString={(group) => group?.name ?? ''}
        selectedItems={chosen}
        onChange={({ selectedItems }) => onChange((selectedItems ?? []).map((group) => group.id))}
        selectionFeedback="top-after-reopen"
        disabled={options.isPending || options.isError}
        invalid={invalid}
        invalidText={invalidText}
      />
      {chosen.length > 0 && (
        <ul className="tag-list" aria-label="Chosen groups">
          {chosen.map((group) => (
            <li key={group.id}>
              <DismissibleTag
                type="cool-gray"
                text={group.name}
                title={`Remove ${group.name}`}
                disabled={options.isError}
                onClose={() => onChange(value.filter((id) => id !== group.id))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
