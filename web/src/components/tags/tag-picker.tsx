import { DismissibleTag, InlineNotification, Tag } from '@carbon/react';
import type { TagRef } from '@scamtrail/domain/tags';
import { errorMessage } from '../../lib/api-error';
import { byTagName, useTagOptions } from './tag-options';
import './tag-picker.scss';
import { MultiSelect } from '../keep-selection-on-escape-multi-select';

interface TagPickerProps {
  id: string;
  selectedIds: string[];
  onChange: (ids: string[]) => void;
  /** The record's current tags: choosable even when the list of every tag is behind. */
  known?: readonly TagRef[];
  titleText?: string;
  hideLabel?: boolean;
  /** What happens to the record's tags when no tag can be listed, after the reason. */
  unavailableText: string;
  disabled?: boolean;
  invalidText?: string;
}

/** Tags of a record: a searchable multi-select of every tag, the chosen ones listed under it. */
export function TagPicker(props: TagPickerProps) {
  const { id, selectedIds, onChange, known = [], disabled, invalidText } = props;
  const options = useTagOptions();
  if (options.isError) {
    return (
      <InlineNotification
        kind="info"
        lowContrast
        hideCloseButton
        title="Tags cannot be listed."
        subtitle={`${errorMessage(options.error, 'Please try again later.')} ${props.unavailableText}`}
      />
    );
  }
  const listed = new Set(options.data?.map((tag) => tag.id));
  const items = [...(options.data ?? []), ...known.filter((tag) => !listed.has(tag.id))].sort(byTagName);
  const selected = new Set(selectedIds);
  const chosen = items.filter((tag) => selected.has(tag.id));
  return (
    // Busy while the tags load: the field is disabled until then (see docs/conventions.md).
    <div className="tag-picker" aria-busy={options.isPending}>
      <MultiSelect<TagRef>
        // Remounted once the tags arrive: the multi-select reads its items when it mounts.
        key={options.isSuccess ? 'ready' : 'loading'}
        id={id}
        titleText={props.titleText ?? 'Tags (optional)'}
        hideLabel={props.hideLabel}
        placeholder={options.isPending ? 'Loading tags...' : 'Search tags'}
        items={items}
        itemToString={(tag) => tag?.name ?? ''}
        itemToElement={(tag) => (
          <Tag type={tag.color} size="sm">
            {tag.name}
          </Tag>
        )}
        selectedItems={chosen}
        onChange={({ selectedItems }) => onChange((selectedItems ?? []).map((tag) => tag.id))}
        selectionFeedback="top-after-reopen"
        disabled={disabled || options.isPending}
        invalid={Boolean(invalidText)}
        invalidText={invalidText}
      />
      {chosen.length > 0 && (
        <ul className="tag-list" aria-label="Chosen tags">
          {chosen.map((tag) => (
            <li key={tag.id}>
              <DismissibleTag
                type={tag.color}
                text={tag.name}
                title={`Remove ${tag.name}`}
                disabled={disabled}
                onClose={() => onChange(selectedIds.filter((tagId) => tagId !== tag.id))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
