import { Button, DismissibleTag, InlineLoading, InlineNotification, Tag } from '@carbon/react';
import { useEffect, useRef, useState } from 'react';
import type { TagRef } from '@scamtrail/domain/tags';
import { MultiSelect } from '../../../components/keep-selection-on-escape';
import { useToast } from '../../../components/toasts/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { byTagName, useTagOptions } from '../../../components/tags/tag-options';
import { useSetIdentifierTags } from '../api/set-identifier-tags';
import { isHandledGlobally } from '../utils/global-errors';
import { DetailSection } from './detail-section';

interface TagsEditorProps {
  identifierId: string;
  tags: TagRef[];
  onDone: () => void;
}

/** Picks the identifier's tags from every tag and saves the whole set. */
export function TagsEditor({ identifierId, tags, onDone }: TagsEditorProps) {
  const { showToast } = useToast();
  const options = useTagOptions();
  const save = useSetIdentifierTags();
  const [selectedIds, setSelectedIds] = useState(() => tags.map((tag) => tag.id));
  const editorRef = useRef<HTMLDivElement>(null);

  // Focus moves into the editor when it opens. The scrolling modal body centres whatever gains focus,
  // so a first mouse press on the picker would otherwise scroll it away and the click would be lost.
  const isReady = options.isSuccess;
  useEffect(() => {
    if (isReady) editorRef.current?.querySelector('input')?.focus();
  }, [isReady]);

  // The identifier's own tags stay choosable even if the list of every tag is behind.
  const listed = new Set(options.data?.map((tag) => tag.id));
  const items = [...(options.data ?? []), ...tags.filter((tag) => !listed.has(tag.id))].sort(byTagName);
  const selected = new Set(selectedIds);
  const chosen = items.filter((tag) => selected.has(tag.id));
  const failure = save.isError && !isHandledGlobally(save.error);

  function submit() {
    save.mutate(
      { id: identifierId, tagIds: selectedIds },
      {
        onSuccess: () => {
          showToast({ kind: 'success', title: 'Tags saved' });
          onDone();
        },
      },
    );
  }

  // The actions sit in the section header: the open menu drops over what is below the picker.
  const actions = (
    <div className="identifier-detail__actions">
      <Button kind="secondary" size="sm" disabled={save.isPending} onClick={onDone}>
        Cancel
      </Button>
      <Button kind="primary" size="sm" disabled={!isReady || save.isPending} onClick={submit}>
        {save.isPending ? 'Saving...' : 'Save tags'}
      </Button>
    </div>
  );
  return (
    <DetailSection id="tags" title="Tags" actions={actions}>
      <div className="identifier-tags-editor" ref={editorRef}>
        {options.isPending ? (
          <InlineLoading description="Loading tags..." />
        ) : options.isError ? (
          <InlineNotification
            kind="warning"
            lowContrast
            hideCloseButton
            title="Tags cannot be listed."
            subtitle={errorMessage(options.error, 'Please try again later.')}
          />
        ) : (
          <MultiSelect<TagRef>
            id={`identifier-tags-${identifierId}`}
            titleText="Tags"
            hideLabel
            placeholder="Search tags"
            items={items}
            itemToString={(tag) => tag?.name ?? ''}
            itemToElement={(tag) => (
              <Tag type={tag.color} size="sm">
                {tag.name}
              </Tag>
            )}
            selectedItems={chosen}
            onChange={({ selectedItems }) => setSelectedIds((selectedItems ?? []).map((tag) => tag.id))}
            selectionFeedback="top-after-reopen"
            disabled={save.isPending}
          />
        )}
        {chosen.length > 0 && (
          <ul className="tag-list" aria-label="Chosen tags">
            {chosen.map((tag) => (
              <li key={tag.id}>
                <DismissibleTag
                  type={tag.color}
                  text={tag.name}
                  title={`Remove ${tag.name}`}
                  disabled={save.isPending}
                  onClose={() => setSelectedIds(selectedIds.filter((id) => id !== tag.id))}
                />
              </li>
            ))}
          </ul>
        )}
        {failure && (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title="Tags not saved"
            subtitle={errorMessage(save.error, 'Failed to save tags')}
          />
        )}
      </div>
    </DetailSection>
  );
}
