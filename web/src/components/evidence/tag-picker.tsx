import { DismissibleTag, FilterableMultiSelect, InlineNotification, Tag } from '@carbon/react';
import type { TagRef } from '@scamtrail/domain/tags';
import { errorMessage } from '../../lib/api-error';
import { useTagOptions } from './api/get-tag-options';

interface TagPickerProps {
  id: string;
  selectedIds: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  invalidText?: string;
  titleText?: string;
  /** Said when the tags cannot be listed (no tag.view): what happens to the evidence's tags then. */
  unlistedText?: string;
}

/** Tags of evidence: a searchable multi-select of every tag, the chosen ones listed under it. */
export function TagPicker({
  id,
  selectedIds,
  onChange,
  disabled,
  invalidText,
  titleText = 'Tags (optional)',
  unlistedText = 'The evidence is added without tags.',
}: TagPickerProps) {
  const options = useTagOptions();
  if (options.isError) {
    return (
      <InlineNotification
        kind="info"
        lowContrast
        hideCloseButton
        title="Tags cannot be listed."
        subtitle={errorMessage(options.error, unlistedText)}
      />
    );
  }
  const items = options.data ?? [];
  const selected = new Set(selectedIds);
  const chosen = items.filter((tag) => selected.has(tag.id));
  return (
    <div className="evidence-tag-picker">
      <FilterableMultiSelect<TagRef>
        // Remounted once the tags arrive: the multi-select reads its items when it mounts.
        key={options.isSuccess ? 'ready' : 'loading'}
        id={id}
        titleText={titleText}
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
