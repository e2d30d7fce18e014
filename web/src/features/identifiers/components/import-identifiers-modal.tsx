import {
  FileUploaderDropContainer,
  FileUploaderItem,
  InlineNotification,
  ProgressBar,
  Stack,
} from '@carbon/react';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { useToast } from '../../../components/toasts/toast-context';
import type { ToastInput } from '../../../components/toasts/toast-types';
import { errorMessage } from '../../../lib/api-error';
import type { IdentifierInputBody, ImportResult } from '../api/identifier-types';
import { partialImportResult, useImportIdentifiers, type ImportProgress } from '../api/import-identifiers';
import { csvToImportItems } from '../utils/csv-import';
import { pluralise } from '../../../lib/format';
import { keepFocusOnPress } from '../../../lib/modal-press';
import { CsvTemplateLink } from './csv-template-link';
import { ImportResults } from './import-results';
import '../../../styles/carbon/progress-bar.scss';

interface ImportIdentifiersModalProps {
  onClose: () => void;
  onOpenIdentifier: (id: string) => void;
}

interface ChosenFile {
  name: string;
  items: IdentifierInputBody[] | null;
  error: string | null;
}

async function readCsvFile(file: File): Promise<ChosenFile> {
  try {
    return { name: file.name, items: csvToImportItems(await file.text()), error: null };
  } catch (error) {
    return { name: file.name, items: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The toast for a finished import: green only when every row was created. */
function importFinishedToast({ created, duplicates, invalid }: ImportResult['summary']): ToastInput {
  const createdText = `${pluralise(created, 'identifier')} created`;
  const notImported = duplicates + invalid;
  if (notImported === 0) return { kind: 'success', title: 'Import finished', subtitle: createdText };
  const reasons = [
    duplicates > 0 && pluralise(duplicates, 'duplicate'),
    invalid > 0 && pluralise(invalid, 'invalid', 'invalid'),
  ].filter(Boolean);
  const notImportedText = `${pluralise(notImported, 'row')} not imported (${reasons.join(', ')})`;
  if (created > 0) {
    return {
      kind: 'warning',
      title: 'Import finished with problems',
      subtitle: `${createdText}, ${notImportedText}`,
    };
  }
  // Rows already there are no fault of the file; a row the server refused is.
  return { kind: invalid > 0 ? 'error' : 'warning', title: 'Nothing imported', subtitle: notImportedText };
}

/**
 * Import from CSV: pick a file, read it in the browser, send it in chunks with real progress, then
 * show what happened to each row.
 */
export function ImportIdentifiersModal({ onClose, onOpenIdentifier }: ImportIdentifiersModalProps) {
  const { showToast } = useToast();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const importRows = useImportIdentifiers(setProgress);
  const isImporting = importRows.isPending;
  const isDone = result !== null && failure === null;

  async function chooseFile(added: File[]) {
    const [first] = added;
    if (!first) return;
    setResult(null);
    setFailure(null);
    setProgress(null);
    setFile(await readCsvFile(first));
  }

  function start() {
    if (isDone) return onClose();
    if (!file?.items) return;
    setFailure(null);
    importRows.mutate(file.items, {
      onSuccess: (done) => {
        setResult(done);
        showToast(importFinishedToast(done.summary));
      },
      onError: (error) => {
        setResult(partialImportResult(error) ?? null);
        setFailure(errorMessage(error, 'Failed to import identifiers'));
      },
    });
  }

  return (
    <AppModal
      open
      size="md"
      title="Import Identifiers"
      primaryButtonText={isDone ? 'Done' : 'Import'}
      // Once done, one action is left: Done.
      secondaryButtonText={isDone ? null : 'Cancel'}
      primaryButtonDisabled={!isDone && !file?.items}
      loading={isImporting}
      loadingDescription="Importing..."
      onSubmit={start}
      onClose={onClose}
    >
      <Stack gap={5} onMouseDown={keepFocusOnPress}>
        <p className="identifier-import__intro">
          One row per identifier: a <code>type</code> column (email, phone, bank_account, zelle,
          crypto_wallet, social_media or other) and that type&apos;s fields. Leave the other columns empty.
        </p>
        <CsvTemplateLink />
        {!isImporting && !isDone && (
          <FileUploaderDropContainer
            accept={['.csv', 'text/csv']}
            labelText="Drag and drop a CSV file here or click to upload"
            onAddFiles={(_event, { addedFiles }) => void chooseFile(addedFiles)}
          />
        )}
        {file && (
          <FileUploaderItem
            name={file.name}
            status={isImporting ? 'uploading' : isDone ? 'complete' : 'edit'}
            invalid={!!file.error}
            errorSubject={file.error ? 'This file cannot be imported' : undefined}
            errorBody={file.error ?? undefined}
            onDelete={() => setFile(null)}
          />
        )}
        {file?.items && !isDone && !isImporting && (
          <p className="identifier-import__rows">{pluralise(file.items.length, 'row')} ready to import.</p>
        )}
        {progress && (isImporting || failure) && (
          <ProgressBar
            label="Importing identifiers"
            value={progress.done}
            max={progress.total}
            status={failure ? 'error' : 'active'}
            helperText={`${progress.done.toLocaleString('en-US')} of ${pluralise(progress.total, 'row')}`}
          />
        )}
        {failure && (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title="Import stopped"
            subtitle={failure}
          />
        )}
        {result && <ImportResults result={result} onOpenIdentifier={onOpenIdentifier} />}
      </Stack>
    </AppModal>
  );
}
