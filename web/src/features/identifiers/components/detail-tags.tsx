import { Button, Tag } from '@carbon/react';
import { Edit } from '@carbon/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { TagRef } from '@scamtrail/domain/tags';
import { DetailEmpty, DetailSection } from './detail-section';
import { TagsEditor } from './tags-editor';

interface DetailTagsProps {
  identifierId: string;
  tags: TagRef[];
  canEdit: boolean;
}

/** The identifier's tags in their colours; those who may edit the identifier can change them here. */
export function DetailTags({ identifierId, tags, canEdit }: DetailTagsProps) {
  const [isEditing, setEditing] = useState(false);
  // Saving or cancelling puts focus back on "Edit tags", where it was before the editor replaced it.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);
  if (isEditing) {
    return <TagsEditor identifierId={identifierId} tags={tags} onDone={() => setEditing(false)} />;
  }
  const action = canEdit && (
    <Button ref={editButton} kind="tertiary" size="sm" renderIcon={Edit} onClick={() => setEditing(true)}>
      Edit tags
    </Button>
  );
  return (
    <DetailSection id="tags" title="Tags" actions={action}>
      {tags.length === 0 ? (
        <DetailEmpty>No tags</DetailEmpty>
      ) : (
        <ul className="tag-list" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag.id}>
              <Tag type={tag.color}>{tag.name}</Tag>
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}
