import { useState } from 'react';
import {
  createExportStreamBodySchema,
  EXPORT_STREAM_STATUS_LABELS,
  updateExportStreamBodySchema,
  type ExportStream,
  type ExportTopic,
  type UpdateExportStreamBody,
} from '@scamtrail/domain/export-streams';
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { FormModal } from '../../../components/form-modal';
import { TextArea, TextInput } from '../../../components/text-fields';
import { useToast } from '../../../components/toasts/toast-context';
import { describeChanges, rebaseIds, rebaseValues } from '../../../lib/edit-conflicts';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateExportStream } from '../api/create-export-stream';
import { useUpdateExportStream } from '../api/update-export-stream';
import { GroupsField } from './groups-field';
import { TopicsField } from './topics-field';

const FIELDS = ['name', 'description', 'topics', 'groupIds'] as const;

interface StreamFields {
  name: string;
  description: string;
  topics: ExportTopic[];
  groupIds: string[];
}

const sameSet = <T,>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** What an edit changes: only those fields are sent. */
function changesOf(stream: ExportStream, fields: StreamFields): UpdateExportStreamBody {
  return {
    ...(fields.name !== stream.name && { name: fields.name }),
    ...(fields.description !== stream.description && { description: fields.description }),
    ...(!sameSet(fields.topics, stream.topics) && { topics: fields.topics }),
    ...(!sameSet(
      fields.groupIds,
      (stream.groups ?? []).map((group) => group.id),
    ) && { groupIds: fields.groupIds }),
  };
}

const groupIdsOf = (stream: ExportStream) => (stream.groups ?? []).map((group) => group.id);

/** What someone else changed in an export stream, each as "Field: its value now". */
export function describeExportStreamChanges(base: ExportStream, current: ExportStream): string[] {
  return describeChanges(base, current, [
    { label: 'Name', valueOf: (stream) => stream.name },
    { label: 'Description', valueOf: (stream) => stream.description },
    { label: 'Topics', valueOf: (stream) => [...stream.topics].sort(), show: (s) => s.topics.join(', ') },
    {
      label: 'Groups',
      valueOf: (stream) => groupIdsOf(stream).sort(),
      show: (stream) => (stream.groups ?? []).map((group) => group.name).join(', '),
    },
    { label: 'Status', valueOf: (stream) => EXPORT_STREAM_STATUS_LABELS[stream.status] },
  ]);
}

/** Creates an export stream, or renames, describes, re-topics or re-scopes one. */
export function ExportStreamFormModal({ stream, onClose }: { stream?: ExportStream; onClose: () => void }) {
  const edit = useEditConflict(stream);
  // The groups of the version opened and of the one reloaded onto, named before the list loads.
  const knownGroups = [...(stream?.groups ?? []), ...(edit.base?.groups ?? [])].filter(
    (group, index, all) => all.findIndex((other) => other.id === group.id) === index,
  );
  const [name, setName] = useState(stream?.name ?? '');
  const [description, setDescription] = useState(stream?.description ?? '');
  const [topics, setTopics] = useState<ExportTopic[]>(stream?.topics ?? []);
  const [groupIds, setGroupIds] = useState<string[]>(() => (stream?.groups ?? []).map((group) => group.id));
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to save the export stream',
  );
  const create = useCreateExportStream();
  const update = useUpdateExportStream();
  const { showToast } = useToast();

  async function saved(saving: Promise<ExportStream>) {
    const result = await saving;
    showToast({
      kind: 'success',
      title: stream ? 'Export stream saved' : 'Export stream created',
      subtitle: result.name,
    });
    onClose();
  }

  async function submit() {
    const fields = { name, description, topics, groupIds };
    if (!stream) {
      await run(createExportStreamBodySchema.safeParse(fields), (body) => saved(create.mutateAsync(body)));
      return;
    }
    const base = edit.base ?? stream;
    const changes = changesOf(base, fields);
    if (Object.keys(changes).length === 0) return onClose();
    await run(updateExportStreamBodySchema.safeParse(changes), async (body) => {
      try {
        await saved(update.mutateAsync({ id: base.id, body, base }));
      } catch (error) {
        if (edit.caught(error)) return;
        throw error;
      }
    });
  }

  /** Moves the form onto the version saved meanwhile, keeping what the user changed. */
  function reload(from: ExportStream, to: ExportStream) {
    const texts = (s: ExportStream) => ({ name: s.name, description: s.description });
    const rebased = rebaseValues({ name, description }, texts(from), texts(to));
    setName(rebased.name);
    setDescription(rebased.description);
    setTopics(rebaseIds(topics, from.topics, to.topics) as ExportTopic[]);
    setGroupIds(rebaseIds(groupIds, groupIdsOf(from), groupIdsOf(to)));
  }

  return (
    <FormModal
      size="md"
      title={stream ? 'Edit export stream' : 'New export stream'}
      primaryButtonText={stream ? 'Save' : 'Create'}
      loading={create.isPending || update.isPending}
      formError={formError}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      {edit.base && edit.conflict && (
        <EditConflictNotice
          what="export stream"
          changes={describeExportStreamChanges(edit.base, edit.conflict)}
          onReload={() => edit.reload(reload)}
        />
      )}
      <TextInput
        id="export-stream-name"
        labelText="Name"
        helperText="Unique; name it after the system that reads it, for instance."
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          clearError('name');
        }}
        {...errorProps('name')}
      />
      <TextArea
        id="export-stream-description"
        labelText="Description (optional)"
        helperText="What the stream is for, and who to ask about it."
        rows={3}
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          clearError('description');
        }}
        {...errorProps('description')}
      />
      <TopicsField
        value={topics}
        onChange={(next) => {
          setTopics(next);
          clearError('topics');
        }}
        {...errorProps('topics')}
      />
      <GroupsField
        value={groupIds}
        initial={knownGroups}
        onChange={(next) => {
          setGroupIds(next);
          clearError('groupIds');
        }}
        {...errorProps('groupIds')}
      />
    </FormModal>
  );
}
