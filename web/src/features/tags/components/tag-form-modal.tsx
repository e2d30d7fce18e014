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
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { describeChanges, rebaseValues } from '../../../lib/edit-conflicts';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateTag } from '../api/create-tag';
import { useUpdateTag } from '../api/update-tag';

const FIELDS = ['name', 'color', 'description'] as const;

function colorLabel(color: TagColor): string {
  const words = color.replace('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const formValues = (tag: Tag | undefined) => ({
  name: tag?.name ?? '',
  color: tag?.color ?? ('gray' as TagColor),
  description: tag?.description ?? '',
});

/** What someone else changed in a tag, each as "Field: its value now". */
export function describeTagChanges(base: Tag, current: Tag): string[] {
  return describeChanges(base, current, [
    { label: 'Name', valueOf: (tag) => tag.name },
    { label: 'Colour', valueOf: (tag) => tag.color, show: (tag) => colorLabel(tag.color) },
    { label: 'Description', valueOf: (tag) => tag.description },
  ]);
}

/** Creates a tag, or renames, recolours and describes one. */
export function TagFormModal({ tag, onClose }: { tag?: Tag; onClose: () => void }) {
  const [values, setValues] = useState(() => formValues(tag));
  const { name, color, description } = values;
  const set = (next: Partial<typeof values>) => setValues((current) => ({ ...current, ...next }));
  const edit = useEditConflict(tag);
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to save the tag',
  );
  const create = useCreateTag();
  const update = useUpdateTag();
  const { showToast } = useToast();

  async function submit() {
    const { base } = edit;
    const input = base
      ? {
          ...(name !== base.name ? { name } : {}),
          ...(color !== base.color ? { color } : {}),
          ...(description !== base.description ? { description } : {}),
        }
      : { name, color, description };
    if (base && Object.keys(input).length === 0) return onClose();
    const parsed = base ? updateTagBodySchema.safeParse(input) : createTagBodySchema.safeParse(input);
    await run(parsed, async (data) => {
      let saved: Tag;
      try {
        saved = base
          ? await update.mutateAsync({ id: base.id, body: data, base })
          : await create.mutateAsync(createTagBodySchema.parse(data));
      } catch (error) {
        if (edit.caught(error)) return;
        throw error;
      }
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
      {edit.base && edit.conflict && (
        <EditConflictNotice
          what="tag"
          changes={describeTagChanges(edit.base, edit.conflict)}
          onReload={() =>
            edit.reload((from, to) => setValues(rebaseValues(values, formValues(from), formValues(to))))
          }
        />
      )}
      <TextInput
        id="tag-name"
        labelText="Name"
        value={name}
        onChange={(event) => {
          set({ name: event.target.value });
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
        onChange={({ selectedItem }) => selectedItem && set({ color: selectedItem })}
        {...errorProps('color')}
      />
      <TextArea
        id="tag-description"
        labelText="Description (optional)"
        helperText="When to use the tag."
        rows={3}
        value={description}
        onChange={(event) => set({ description: event.target.value })}
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
