import { DismissibleTag, InlineLoading, InlineNotification } from '@carbon/react';
import { errorMessage } from '../../../lib/api-error';
import { useMemberOptions, type MemberOption } from '../api/get-member-options';
import './groups.scss';
import { MultiSelect } from '../../../components/keep-selection-on-escape-multi-select';

interface MemberPickerProps {
  selectedIds: string[];
  onChange: (ids: string[]) => void;
  helperText?: string;
  invalidText?: string;
}

function optionLabel(option: MemberOption | null | undefined): string {
  if (!option) return '';
  const email = option.email ? ` (${option.email})` : '';
  return `${option.name}${email}${option.disabled ? ' (disabled)' : ''}`;
}

/** Picks team members for a group; says so when team members cannot be listed for this user. */
export function MemberPicker({ selectedIds, onChange, helperText, invalidText }: MemberPickerProps) {
  const options = useMemberOptions();
  if (options.isPending) return <InlineLoading description="Loading team members..." />;
  if (options.isError) {
    return (
      <InlineNotification
        kind="warning"
        lowContrast
        hideCloseButton
        title="Team members cannot be listed."
        subtitle={`${errorMessage(options.error, 'Please try again later')} Members are left as they are.`}
      />
    );
  }
  const selected = new Set(selectedIds);
  const chosen = options.data.filter((option) => selected.has(option.id));
  return (
    <div className="group-form__members">
      <MultiSelect<MemberOption>
        id="group-members"
        titleText="Members"
        placeholder="Search team members"
        helperText={helperText}
        items={options.data}
        itemToString={optionLabel}
        selectedItems={chosen}
        onChange={({ selectedItems }) => onChange((selectedItems ?? []).map((option) => option.id))}
        selectionFeedback="top-after-reopen"
        invalid={Boolean(invalidText)}
        invalidText={invalidText}
      />
      {chosen.length > 0 && (
        <ul className="tag-list" aria-label="Chosen members">
          {chosen.map((option) => (
            <li key={option.id}>
              <DismissibleTag
                type="cool-gray"
                text={option.name}
                title={`Remove ${option.name}`}
                onClose={() => onChange(selectedIds.filter((id) => id !== option.id))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
