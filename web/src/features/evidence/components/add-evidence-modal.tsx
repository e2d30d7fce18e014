import {
  FileUploaderDropContainer,
  InlineNotification,
  Stack,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
} from '@carbon/react';
import { TextArea, TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  createWrittenEvidenceBodySchema,
  uploadEvidenceFieldsSchema,
  type CreateWrittenEvidenceBody,
} from '@scamtrail/domain/evidence';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import { hasPermission } from '@scamtrail/domain/permissions';
import { useToast } from '../../../components/toasts/toast-context';
import { AppModal } from '../../../components/app-modal';
import { submitOnEnter } from '../../../components/submit-on-enter';
import { useSession } from '../../../lib/session';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { ReportedByPicker } from '../../../components/reported-by-picker';
import { useCaseRef } from '../../../components/case-picker/get-case-options';
import { useCreateWrittenEvidence } from '../api/create-written-evidence';
import { caseLabel } from '@scamtrail/domain/case-labels';
import { CasePicker } from '../../../components/case-picker/case-picker';
import { TagPicker } from '../../../components/tags/tag-picker';
import { UploadFileList } from './upload-file-list';
import { useFileUploads } from './use-file-uploads';
import { sharedFieldFailure } from '../api/upload-evidence';
import { linkFoundIdentifiers } from '../api/link-found-identifiers';
import { FoundIdentifierList } from '../../../components/found-identifiers/found-identifier-list';
import { useFoundCandidates } from '../../../components/found-identifiers/use-found-candidates';
import '../../../styles/carbon/file-uploader.scss';
import '../../../styles/carbon/tabs.scss';

const FIELDS = [
  'title',
  'body',
  'description',
  'caseId',
  'tagIds',
  'onBehalfOfOriginatorId',
  'file',
] as const;

/** What every file of an upload is sent with: a refusal of one of these shows on its field. */
const SHARED_FIELDS = FIELDS.filter((field) => field !== 'file');

/** The shared upload fields, and at least one file to send. */
const uploadFormSchema = uploadEvidenceFieldsSchema.extend({
  file: z.number().min(1, 'Choose at least one file to upload'),
});
type Mode = 'files' | 'written';
const MODES: Mode[] = ['files', 'written'];

interface AddEvidenceModalProps {
  /** Opened from a case: the evidence goes to it. */
  caseId?: string;
  onClose: () => void;
  /** Opens an uploaded item's detail. */
  onOpenEvidence: (id: string) => void;
}

const files = (count: number) => `${count} ${count === 1 ? 'file' : 'files'}`;

/**
 * "Add evidence": several files at once (one request each, three at a time, each with its own outcome)
 * or written text. Description, tags, case and who reported it apply to everything added.
 */
export function AddEvidenceModal({ caseId, onClose, onOpenEvidence }: AddEvidenceModalProps) {
  const { showToast } = useToast();
  const [mode, setMode] = useState<Mode>('files');
  const [titlePrefix, setTitlePrefix] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [description, setDescription] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [chosenCaseId, setChosenCaseId] = useState(caseId ?? '');
  const [reportedBy, setReportedBy] = useState<OriginatorSummary | null>(null);
  const [isUploading, setUploading] = useState(false);
  const [isSavingWritten, setSavingWritten] = useState(false);
  const uploads = useFileUploads();
  const createWritten = useCreateWrittenEvidence();
  const presetCase = useCaseRef(caseId);
  const form = useFormSubmission(FIELDS, 'The evidence could not be added');
  const { errorProps, clearError } = form;
  const { user } = useSession();
  const queryClient = useQueryClient();
  const can = (permission: string) => hasPermission(user?.permissions, permission);
  // Identifiers written in the text are offered for linking, as the journal entry dialog does.
  const canLinkFound = can('identifier.view') && can('identifier.create') && can('evidence.edit');
  const offer = useFoundCandidates(body, mode === 'written' && canLinkFound);

  const shared = {
    description,
    caseId: chosenCaseId || undefined,
    tagIds,
    onBehalfOfOriginatorId: reportedBy?.id,
  };
  const failed = uploads.entries.filter((entry) => entry.status === 'error').length;
  const uploaded = uploads.entries.filter((entry) => entry.status === 'complete').length;
  const isFilesDone = mode === 'files' && uploads.toUpload === 0 && uploaded > 0;

  async function uploadFiles() {
    if (isFilesDone) return onClose();
    const parsed = uploadFormSchema.safeParse({
      ...shared,
      title: titlePrefix.trim() || undefined,
      file: uploads.toUpload,
    });
    await form.run(parsed, async ({ file: _count, title: _title, ...fields }) => {
      setUploading(true);
      try {
        const outcomes = await uploads.upload({ ...fields, titlePrefix });
        const done = outcomes.filter((outcome) => outcome.status === 'complete').length;
        const refusedField = sharedFieldFailure(outcomes, SHARED_FIELDS);
        if (refusedField) throw refusedField;
        if (done === outcomes.length) {
          showToast({ kind: 'success', title: 'Evidence added', subtitle: `${files(done)} uploaded` });
          onClose();
        }
      } finally {
        setUploading(false);
      }
    });
  }

  async function addWritten() {
    const parsed = createWrittenEvidenceBodySchema.safeParse({ ...shared, title, body });
    await form.run(parsed, async (data) => {
      setSavingWritten(true);
      try {
        await saveWritten(data);
      } finally {
        setSavingWritten(false);
      }
    });
  }

  /** Adds the written evidence, then links the identifiers found in it that are still ticked. */
  async function saveWritten(data: CreateWrittenEvidenceBody) {
    // Read before the item is added, so a refusal of the text leaves nothing added.
    const found = await offer.chosenFor(body);
    const item = await createWritten.mutateAsync(data);
    const failures = await linkFoundIdentifiers(queryClient, item.id, found);
    showToast(
      failures.length === 0
        ? { kind: 'success', title: 'Evidence added', subtitle: data.title }
        : {
            kind: 'warning',
            title: 'Evidence added, but not every identifier was linked',
            subtitle: failures.join('; '),
          },
    );
    onClose();
  }

  const primaryText =
    mode === 'written'
      ? 'Add evidence'
      : isFilesDone
        ? 'Done'
        : failed > 0 && failed === uploads.toUpload
          ? `Retry ${files(failed)}`
          : uploads.toUpload > 0
            ? `Upload ${files(uploads.toUpload)}`
            : 'Upload';

  const send = () => void (mode === 'files' ? uploadFiles() : addWritten());

  return (
    <AppModal
      open
      size="md"
      title="Add evidence"
      primaryButtonText={primaryText}
      secondaryButtonText={isFilesDone ? 'Close' : 'Cancel'}
      loading={isUploading || isSavingWritten}
      loadingDescription={isUploading ? 'Uploading...' : 'Saving...'}
      onSubmit={send}
      onClose={onClose}
    >
      <Stack
        gap={6}
        ref={form.formRef}
        className="evidence-add"
        onKeyDown={submitOnEnter(send, isUploading || isSavingWritten)}
      >
        {form.formError && (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title="Not added"
            subtitle={form.formError}
          />
        )}
        <Tabs
          selectedIndex={MODES.indexOf(mode)}
          onChange={({ selectedIndex }) => {
            // A message belongs to the mode it was given in.
            for (const field of ['title', 'body', 'file']) clearError(field);
            setMode(MODES[selectedIndex]);
          }}
        >
          <TabList aria-label="What to add" contained fullWidth>
            <Tab disabled={isUploading}>Files</Tab>
            <Tab disabled={isUploading || uploaded > 0}>Written text</Tab>
          </TabList>
          <TabPanels>
            <TabPanel className="evidence-add__panel">
              <Stack gap={5}>
                <div data-invalid={form.fieldErrors.file ? true : undefined}>
                  <FileUploaderDropContainer
                    multiple
                    labelText="Drag and drop files here or click to choose them"
                    disabled={isUploading}
                    onAddFiles={(_event, { addedFiles }) => {
                      clearError('file');
                      uploads.addFiles(addedFiles);
                    }}
                  />
                  {form.fieldErrors.file && (
                    <p className="evidence-add__error" role="alert">
                      {form.fieldErrors.file}
                    </p>
                  )}
                </div>
                <UploadFileList
                  entries={uploads.entries}
                  isUploading={isUploading}
                  onRemove={uploads.remove}
                  onOpen={onOpenEvidence}
                />
                <TextInput
                  id="evidence-title-prefix"
                  labelText="Title prefix (optional)"
                  helperText="Each file's title is the prefix and its file name; without a prefix, the file name."
                  value={titlePrefix}
                  disabled={isUploading}
                  onChange={(event) => {
                    setTitlePrefix(event.target.value);
                    clearError('title');
                  }}
                  {...(mode === 'files' && errorProps('title'))}
                />
              </Stack>
            </TabPanel>
            <TabPanel className="evidence-add__panel">
              <Stack gap={5}>
                <TextInput
                  id="evidence-title"
                  labelText="Title"
                  value={title}
                  onChange={(event) => {
                    setTitle(event.target.value);
                    clearError('title');
                  }}
                  {...(mode === 'written' && errorProps('title'))}
                />
                <TextArea
                  id="evidence-body"
                  labelText="Text"
                  helperText="A transcript, a statement or a copied message, as it was received."
                  rows={8}
                  value={body}
                  onChange={(event) => {
                    setBody(event.target.value);
                    clearError('body');
                  }}
                  {...errorProps('body')}
                />
                <FoundIdentifierList
                  id="evidence-found"
                  found={offer.found}
                  unchecked={offer.unchecked}
                  onToggle={offer.toggle}
                  legend="Found in the text: link to the evidence"
                  helperText="Ticked identifiers are linked when you add it; new ones are added to the identifiers."
                  disabled={isSavingWritten}
                />
              </Stack>
            </TabPanel>
          </TabPanels>
        </Tabs>
        <TextArea
          id="evidence-description"
          labelText="Description (optional)"
          rows={3}
          value={description}
          disabled={isUploading}
          onChange={(event) => {
            setDescription(event.target.value);
            clearError('description');
          }}
          {...errorProps('description')}
        />
        {can('community_member.view') && (
          <ReportedByPicker
            id="evidence-reported-by"
            value={reportedBy}
            disabled={isUploading}
            onChange={(next) => {
              setReportedBy(next);
              clearError('onBehalfOfOriginatorId');
            }}
            invalidText={form.fieldErrors.onBehalfOfOriginatorId}
          />
        )}
        <TagPicker
          id="evidence-tags"
          unavailableText="The evidence is added without tags."
          selectedIds={tagIds}
          onChange={(ids) => {
            setTagIds(ids);
            clearError('tagIds');
          }}
          disabled={isUploading}
          invalidText={form.fieldErrors.tagIds}
        />
        {caseId ? (
          <div className="evidence-add__case">
            <span className="cds--label">Case</span>
            <p>{presetCase.data ? caseLabel(presetCase.data) : 'This case'}</p>
          </div>
        ) : (
          <CasePicker
            id="evidence-case"
            titleText="Case (optional)"
            placeholder="Search cases by title"
            value={chosenCaseId}
            disabled={isUploading}
            invalidText={form.fieldErrors.caseId}
            onChange={(id) => {
              setChosenCaseId(id);
              clearError('caseId');
            }}
          />
        )}
      </Stack>
    </AppModal>
  );
}
