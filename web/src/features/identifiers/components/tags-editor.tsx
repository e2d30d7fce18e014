import { Button, InlineNotification } from '@carbon/react';
import { useEffect, useRef, useState } from 'react';
import type { TagRef } from '@scamtrail/domain/tags';
import { useToast } from '../../../components/toasts/toast-context';
import { errorMessage, isAnsweredByClient } from '../../../lib/api-error';
import { TagPicker } from '../../../components/tags/tag-picker';
import { useTagOptions } from '../../../components/tags/tag-options';
import { useSetIdentifierTags } from '../api/set-identifier-tags';
import { DetailSection } from './detail-section';

interface TagsEditorProps {
  identifierId: string;
  tags: TagRef[];
  onDone: () => void;
}

/** Picks the identifier's tags from every tag (the shared TagPicker) and saves the whole set. */
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

  const failure = save.isError && !isAnsweredByClient(save.error);

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
        <TagPicker
          id={`identifier-tags-${identifierId}`}
          titleText="Tags"
          hideLabel
          known={tags}
          selectedIds={selectedIds}
          onChange={setSelectedIds}
          unavailableText="The identifier's tags stay as they are."
          disabled={save.isPending}
        />
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
