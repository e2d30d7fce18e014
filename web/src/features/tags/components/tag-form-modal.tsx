import { Dropdown, Tag as CarbonTag } from '@carbon/react';
import { TextArea, TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import {
  createTagBodySchema,
  TAG_COLORS,
  updateTagBodySchema,
  type Tag,
  type TagColor,
} from '@scamtrail/domain/tags';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateTag } from '../api/create-tag';
import { useUpdateTag } from '../api/update-tag';

const FIELDS = ['name', 'color', 'description'] as const;

function colorLabel(color: TagColor): string {
  const words = color.replace('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Creates a tag, or renames, recolours and describes one. */
export function TagFormModal({ tag, onClose }: { tag?: Tag; onClose: () => void }) {
  const [name, setName] = useState(tag?.name ?? '');
  const [color, setColor] = useState<TagColor>(tag?.color ?? 'gray');
  const [description, setDescription] = useState(tag?.description ?? '');
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to save the tag',
  );
  const create = useCreateTag();
  const update = useUpdateTag();
  const { showToast } = useToast();

  async function submit() {
    const input = tag
      ? {
          ...(name !== tag.name ? { name } : {}),
          ...(color !== tag.color ? { color } : {}),
          ...(description !== tag.description ? { description } : {}),
        }
      : { name, color, description };
    if (tag && Object.keys(input).length === 0) return onClose();
    const parsed = tag ? updateTagBodySchema.safeParse(input) : createTagBodySchema.safeParse(input);
    await run(parsed, async (data) => {
      const saved = tag
        ? await update.mutateAsync({ id: tag.id, body: data })
        : await create.mutateAsync(createTagBodySchema.parse(data));
      showToast({ kind: 'success', title: tag ? 'Tag saved' : 'Tag created', subtitle: saved.name });
      onClose();
    });
  }

  return (
    <FormModal
      size="sm"
      title={tag ? 'Edit tag' : 'New tag'}
      primaryButtonText={tag ? 'Save' : 'Create'}
      loading={create.isPending || update.isPending}
      formError={formError}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        id="tag-name"
        labelText="Name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          clearError('name');
        }}
        {...errorProps('name')}
      />
      <Dropdown<TagColor>
        id="tag-color"
        titleText="Colour"
        label="Choose a colour"
        items={[...TAG_COLORS]}
        selectedItem={color}
        itemToString={(item) => (item ? colorLabel(item) : '')}
        itemToElement={(item) => (
          <CarbonTag type={item} size="sm" className="tags-page__swatch">
            {colorLabel(item)}
          </CarbonTag>
        )}
        onChange={({ selectedItem }) => selectedItem && setColor(selectedItem)}
        {...errorProps('color')}
      />
      <TextArea
        id="tag-description"
        labelText="Description (optional)"
        helperText="When to use the tag."
        rows={3}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        {...errorProps('description')}
      />
      <div className="tags-page__preview">
        <span className="cds--label">Preview</span>
        <CarbonTag type={color} className="tags-page__swatch">
          {name.trim() || 'Tag name'}
        </CarbonTag>
      </div>
    </FormModal>
  );
}
