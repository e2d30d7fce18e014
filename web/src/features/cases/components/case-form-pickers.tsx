import { DismissibleTag, InlineNotification, Select, SelectItem } from '@carbon/react';
import { useState } from 'react';
import type { CaseUser } from '@scamtrail/domain/cases';
import { errorMessage } from '../../../lib/api-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAssignableUsers } from '../api/get-assignable-users';
import type { GroupOption } from '../../../lib/group-options';
import { useCaseGroupOptions } from '../api/get-case-group-options';
import { MultiSelect } from '../../../components/keep-selection-on-escape-multi-select';

interface PickerProps {
  selectedIds: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  invalidText?: string;
}

/**
 * Assignees: enabled users found by name on the server as one types (a team may be large), the
 * chosen ones listed under the picker with their names kept.
 */
export function AssigneePicker({
  selectedIds,
  onChange,
  disabled,
  invalidText,
  initial,
  titleText = 'Assignees (optional)',
}: PickerProps & { initial: CaseUser[]; titleText?: string }) {
  const [search, setSearch] = useState('');
  const users = useAssignableUsers(useDebouncedValue(search));
  // Names of everyone chosen so far, so a chosen user stays listed when a new search leaves them out.
  const [known, setKnown] = useState(() => new Map(initial.map((user) => [user.id, user])));
  const chosen = selectedIds.map((id) => known.get(id)).filter((user): user is CaseUser => !!user);
  const found = (users.data ?? []).filter((user) => !selectedIds.includes(user.id));
  const items = [...chosen, ...found];

  if (users.isError) {
    return (
      <InlineNotification
        kind="warning"
        lowContrast
        hideCloseButton
        title="Assignees cannot be listed."
        subtitle={`${errorMessage(users.error, 'Please try again later.')} The assignees are left as they are.`}
      />
    );
  }
  return (
    <div className="case-form__picker">
      <MultiSelect<CaseUser>
        id="case-form-assignees"
        titleText={titleText}
        placeholder="Search by name"
        items={items}
        itemToString={(user) => user?.fullName ?? ''}
        selectedItems={chosen}
        onInputValueChange={(change) => setSearch(change.inputValue ?? '')}
        onChange={({ selectedItems }) => {
          const next = selectedItems ?? [];
          setKnown((map) => new Map([...map, ...next.map((user) => [user.id, user] as const)]));
          onChange(next.map((user) => user.id));
        }}
        selectionFeedback="top-after-reopen"
        disabled={disabled}
        invalid={Boolean(invalidText)}
        invalidText={invalidText}
      />
      {chosen.length > 0 && (
        <ul className="tag-list" aria-label="Chosen assignees">
          {chosen.map((user) => (
            <li key={user.id}>
              <DismissibleTag
                type="cool-gray"
                text={user.fullName}
                title={`Remove ${user.fullName}`}
                disabled={disabled}
                onClose={() => onChange(selectedIds.filter((id) => id !== user.id))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface GroupSelectProps {
  value: string;
  onChange: (id: string) => void;
  /** The case's group, listed even if the user could not otherwise pick it. */
  initial: GroupOption | null;
  disabled?: boolean;
  invalidText?: string;
}

/** The group that may see the case, or none: everyone who may view cases sees it. */
export function GroupSelect({ value, onChange, initial, disabled, invalidText }: GroupSelectProps) {
  const options = useCaseGroupOptions();
  const listed = options.data ?? [];
  const groups = initial && !listed.some((group) => group.id === initial.id) ? [initial, ...listed] : listed;
  return (
    // Busy while the groups load: the field is disabled until then (see docs/conventions.md).
    <div aria-busy={options.isPending}>
      <Select
        id="case-form-group"
        labelText="Visibility"
        helperText={
          options.isPending
            ? 'Loading the groups...'
            : options.isError
              ? `${errorMessage(options.error, 'Groups cannot be listed.')} The group is left as it is.`
              : 'A case in a group is seen only by its members and administrators.'
        }
        value={value}
        disabled={disabled || options.isPending || options.isError}
        onChange={(event) => onChange(event.target.value)}
        invalid={Boolean(invalidText)}
        invalidText={invalidText}
      >
        <SelectItem value="" text="No group: everyone can see it" />
        {groups.map((group) => (
          <SelectItem key={group.id} value={group.id} text={`Group: ${group.name}`} />
        ))}
      </Select>
    </div>
  );
}
