import { Button, Tag } from '@carbon/react';
import { Edit } from '@carbon/icons-react';
import { useState } from 'react';
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
  if (isEditing) {
    return <TagsEditor identifierId={identifierId} tags={tags} onDone={() => setEditing(false)} />;
  }
  const action = canEdit && (
    <Button kind="tertiary" size="sm" renderIcon={Edit} onClick={() => setEditing(true)}>
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
