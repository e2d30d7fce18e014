import {
  FileUploaderDropContainer,
  FileUploaderItem,
  InlineNotification,
  ProgressBar,
  Stack,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
} from '@carbon/react';
import { useEffect, useRef, useState } from 'react';
import { TextArea } from '../../../components/text-fields';
import { candidateKey } from '../../../components/found-identifiers/extract-identifiers';
import { FoundIdentifierList } from '../../../components/found-identifiers/found-identifier-list';
import { useFoundCandidates } from '../../../components/found-identifiers/use-found-candidates';
import { AppModal } from '../../../components/app-modal';
import { useToast } from '../../../components/toasts/toast-context';
import type { ToastInput } from '../../../components/toasts/toast-types';
import { failureMessage } from '../../../lib/api-error';
import type { IdentifierInputBody, ImportResult } from '../api/identifier-types';
import { partialImportResult, useImportIdentifiers, type ImportProgress } from '../api/import-identifiers';
import { csvToImportItems } from '../utils/csv-import';
import { readExchangeFile, type ExchangeFile } from '../../../lib/exchange-files';
import { useImportExchangeFile } from '../api/import-exchange-file';
import { pluralise } from '../../../lib/format';
import { keepFocusOnPress } from '../../../lib/modal-press';
import { CsvTemplateLink } from './csv-template-link';
import { ImportResults } from './import-results';
import '../../../styles/carbon/progress-bar.scss';
import '../../../styles/carbon/file-uploader.scss';
import '../../../styles/carbon/tabs.scss';
import './import-identifiers-modal.scss';

interface ImportIdentifiersModalProps {
  onClose: () => void;
  onOpenIdentifier: (id: string) => void;
}

interface ChosenFile {
  name: string;
  items: IdentifierInputBody[] | null;
  /** A STIX bundle or MISP event (a .json file), imported by its own route. */
  exchange?: ExchangeFile;
  error: string | null;
}

async function readCsvFile(file: File): Promise<ChosenFile> {
  try {
    if (/\.json$/i.test(file.name) || file.type === 'application/json') {
      const exchange = readExchangeFile(await file.text());
      return { name: file.name, items: [], exchange, error: null };
    }
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

type Source = 'file' | 'text';
const SOURCES: Source[] = ['file', 'text'];

/**
 * Import from a file (CSV, STIX or MISP, read in the browser) or from pasted text (a bank's e-mail, a
 * chat: the identifiers the server finds in it, each with why, to confirm), send it in chunks with
 * real progress, then show what happened to each row.
 */
export function ImportIdentifiersModal({ onClose, onOpenIdentifier }: ImportIdentifiersModalProps) {
  const { showToast } = useToast();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [source, setSource] = useState<Source>('file');
  const [pasted, setPasted] = useState('');
  const offer = useFoundCandidates(pasted, source === 'text');
  const ticked = offer.found.filter((candidate) => !offer.unchecked.has(candidateKey(candidate)));
  const importRows = useImportIdentifiers(setProgress);
  const importExchange = useImportExchangeFile();
  const isImporting = importRows.isPending || importExchange.isPending;
  const isDone = result !== null && failure === null;
  const outcome = useRef<HTMLDivElement>(null);

  // While importing, the primary action and the fields are disabled and let go of focus (to <body>).
  // Once the import ends, focus goes to what it did (the summary, or why it stopped): a screen reader
  // reads it, the rows not imported and their links come next, then Done.
  useEffect(() => {
    if (result !== null || failure !== null) outcome.current?.focus();
  }, [result, failure]);

  async function chooseFile(added: File[]) {
    const [first] = added;
    if (!first) return;
    setResult(null);
    setFailure(null);
    setProgress(null);
    setFile(await readCsvFile(first));
  }

  const handleRowsImported = {
    onSuccess: (done: ImportResult) => {
      setResult(done);
      showToast(importFinishedToast(done.summary));
    },
    onError: (error: Error) => {
      setResult(partialImportResult(error) ?? null);
      setFailure(failureMessage(error, 'Failed to import identifiers'));
    },
  };

  /** The candidates found in the pasted text that are still ticked, as import rows. */
  async function importText() {
    setFailure(null);
    const rows = (await offer.chosenFor(pasted)).map(({ type, data }) => ({ type, data }));
    if (rows.length > 0) importRows.mutate(rows, handleRowsImported);
  }

  function start() {
    if (isDone) return onClose();
    if (source === 'text') return void importText();
    if (!file?.items) return;
    setFailure(null);
    if (file.exchange) {
      return importExchange.mutate(file.exchange, {
        onSuccess: (done) => {
          setResult(done);
          showToast(importFinishedToast(done.summary));
        },
        onError: (error) => setFailure(failureMessage(error, 'Failed to import identifiers')),
      });
    }
    importRows.mutate(file.items, handleRowsImported);
  }

  return (
    <AppModal
      open
      size="md"
      title="Import Identifiers"
      primaryButtonText={isDone ? 'Done' : 'Import'}
      // Once done, one action is left: Done.
      secondaryButtonText={isDone ? null : 'Cancel'}
      primaryButtonDisabled={!isDone && (source === 'file' ? !file?.items : ticked.length === 0)}
      loading={isImporting}
      loadingDescription="Importing..."
      onSubmit={start}
      onClose={onClose}
    >
      <Stack gap={5} onMouseDown={keepFocusOnPress}>
        <Tabs
          selectedIndex={SOURCES.indexOf(source)}
          onChange={({ selectedIndex }) => {
            setFailure(null);
            setSource(SOURCES[selectedIndex]);
          }}
        >
          <TabList aria-label="What to import from" contained fullWidth>
            <Tab disabled={isImporting || isDone}>File</Tab>
            <Tab disabled={isImporting || isDone}>Pasted text</Tab>
          </TabList>
          <TabPanels>
            <TabPanel className="identifier-import__panel">
              <Stack gap={5}>
                <p className="identifier-import__intro">
                  One row per identifier: a <code>type</code> column (email, phone, bank_account, zelle,
                  crypto_wallet, social_media or other) and that type&apos;s fields. Leave the other columns
                  empty. A STIX 2.1 bundle or a MISP event (a <code>.json</code> file) is read too: its
                  observables become identifiers.
                </p>
                <CsvTemplateLink />
                {!isImporting && !isDone && (
                  <FileUploaderDropContainer
                    accept={['.csv', 'text/csv', '.json', 'application/json']}
                    labelText="Drag and drop a CSV, STIX or MISP file here or click to upload"
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
                  <p className="identifier-import__rows">
                    {file.exchange
                      ? `A ${file.exchange.format === 'stix' ? 'STIX 2.1 bundle' : 'MISP event'} of ${file.exchange.format === 'stix' ? pluralise(file.exchange.count, 'object') : pluralise(file.exchange.count, 'attribute or object', 'attributes and objects')}, ready to import.`
                      : `${pluralise(file.items.length, 'row')} ready to import.`}
                  </p>
                )}
              </Stack>
            </TabPanel>
            <TabPanel className="identifier-import__panel">
              <Stack gap={5}>
                <TextArea
                  id="identifier-import-text"
                  labelText="Text"
                  helperText="Paste a message, an e-mail or notes: the identifiers in it are listed here to confirm."
                  rows={8}
                  value={pasted}
                  disabled={isImporting || isDone}
                  onChange={(event) => setPasted(event.target.value)}
                />
                <FoundIdentifierList
                  id="identifier-import-found"
                  found={offer.found}
                  unchecked={offer.unchecked}
                  onToggle={offer.toggle}
                  legend="Found in the text: import"
                  helperText="Ticked identifiers are imported; those already on record are counted as duplicates."
                  disabled={isImporting || isDone}
                />
                {pasted.trim() !== '' && offer.isCurrent && offer.found.length === 0 && (
                  <p className="identifier-import__rows">No identifiers found in the text.</p>
                )}
                {offer.isTruncated && (
                  <p className="identifier-import__rows">
                    Only the first 200 are listed: import them, then paste the rest.
                  </p>
                )}
              </Stack>
            </TabPanel>
          </TabPanels>
        </Tabs>
        {progress && (isImporting || failure) && (
          <ProgressBar
            label="Importing identifiers"
            value={progress.done}
            max={progress.total}
            status={failure ? 'error' : 'active'}
            helperText={`${progress.done.toLocaleString('en-US')} of ${pluralise(progress.total, 'row')}`}
          />
        )}
        {(failure || result) && (
          <Stack gap={5} ref={outcome} tabIndex={-1} role="group" aria-label="Import result">
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
            {result && 'skipped' in result && Array.isArray(result.skipped) && result.skipped.length > 0 && (
              <p className="identifier-import__rows">
                {pluralise(result.skipped.length, 'object')} read past: not identifiers Scamtrail records.
              </p>
            )}
          </Stack>
        )}
      </Stack>
    </AppModal>
  );
}
