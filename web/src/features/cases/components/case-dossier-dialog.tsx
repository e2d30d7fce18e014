import { Checkbox, InlineLoading, InlineNotification, ProgressBar, Stack } from '@carbon/react';
import { useEffect, useRef, useState } from 'react';
import type { Case } from '@scamtrail/domain/cases';
import { AppModal } from '../../../components/app-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { PasskeyError, passkeyErrorMessage } from '../../../lib/passkeys';
import {
  canPickSaveFile,
  dossierUrl,
  downloadDossierByLink,
  pickDossierFile,
  saveDossierToFile,
  signDossier,
  useHasPasskey,
  type SaveProgress,
} from '../api/export-dossier';
import { formatBytes } from './format-bytes';
import '../../../styles/carbon/progress-bar.scss';

export const SIGN_DOSSIER_HELP =
  'Anyone can then check, offline, that you exported this dossier and that nothing in it changed since.';
export const UNSIGNED_NOTE =
  'It will say so: its hashes show whether a file changed, but nothing in it proves who exported it.';
export const NO_PASSKEY_NOTE =
  'You have no passkey, so this dossier will not be signed. Its hashes show whether a file changed, but nothing in it proves who exported it. Add a passkey on your profile to sign dossiers.';
export const BROWSER_DOWNLOADS_NOTE =
  "Your browser saves the file itself: its progress shows in the browser's downloads.";
export const PICKER_NOTE = 'You choose where to save the file; its progress shows here.';

type Phase = 'choose' | 'signing' | 'saving';

/**
 * "Export dossier": whether to sign the manifest with the caller's passkey (offered only to a caller
 * who has one; one who has none is told the dossier will not be signed), then the ZIP straight to disk:
 * into a file chosen with the browser's save picker, with the bytes written shown here (against the
 * total when the server states it), or as a plain download the browser shows in its downloads.
 */
export function CaseDossierDialog({ caseItem, onClose }: { caseItem: Case; onClose: () => void }) {
  const { isPending, hasPasskey } = useHasPasskey();
  const [sign, setSign] = useState(true);
  const [phase, setPhase] = useState<Phase>('choose');
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { showToast } = useToast();
  const abort = useRef<AbortController | null>(null);
  const picker = canPickSaveFile();
  const signing = hasPasskey && sign;
  const fileName = `case-${caseItem.number}-dossier.zip`;

  useEffect(() => () => abort.current?.abort(), []);

  function submit() {
    setFailure(null);
    // The picker needs the click's user activation: it is asked for before anything is awaited.
    void run(picker ? pickDossierFile(fileName) : null);
  }

  async function run(picking: Promise<FileSystemFileHandle | null> | null) {
    try {
      const file = picking ? await picking : null;
      if (picking && !file) return;
      let url = dossierUrl(caseItem.id);
      let signedBy: string | null = null;
      if (signing) {
        setPhase('signing');
        const signed = await signDossier(caseItem.id);
        url = signed.url;
        signedBy = signed.signer.passkeyName;
      }
      const how = signedBy ? `signed with your passkey “${signedBy}”` : 'not signed';
      if (!file) {
        downloadDossierByLink(url);
        showToast({
          kind: 'info',
          title: 'Dossier download started',
          subtitle: `${fileName}, ${how}. ${BROWSER_DOWNLOADS_NOTE}`,
        });
        onClose();
        return;
      }
      setPhase('saving');
      abort.current = new AbortController();
      const { size } = await saveDossierToFile(url, file, setProgress, abort.current.signal);
      showToast({
        kind: 'success',
        title: 'Dossier exported',
        subtitle: `${file.name} (${formatBytes(size)}), ${how}`,
      });
      onClose();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setFailure(
        error instanceof PasskeyError
          ? passkeyErrorMessage(error, 'The dossier was not signed')
          : failureMessage(error, 'Please try again'),
      );
      setPhase('choose');
      setProgress(null);
    }
  }

  const busy = phase !== 'choose';
  return (
    <AppModal
      open
      size="sm"
      title="Export dossier"
      label={`#${caseItem.number} ${caseItem.title}`}
      primaryButtonText={signing ? 'Sign and export' : 'Export unsigned'}
      primaryButtonDisabled={isPending || phase === 'saving'}
      // While saving, Cancel stays: it stops the download and discards the partial file.
      loading={phase === 'signing'}
      loadingDescription="Preparing the dossier, then your passkey..."
      secondaryButtonText={phase === 'saving' ? 'Stop' : 'Cancel'}
      onSubmit={submit}
      onClose={() => {
        abort.current?.abort();
        onClose();
      }}
    >
      <Stack gap={5}>
        <p>
          A ZIP of the case that checks itself offline: the report, every evidence file, the signatures, the
          journal&apos;s hash chain and a manifest of every file&apos;s SHA-256.
        </p>
        {failure && (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title="Dossier not exported"
            subtitle={failure}
          />
        )}
        {isPending ? (
          <InlineLoading description="Looking for your passkeys..." />
        ) : hasPasskey ? (
          <div>
            <Checkbox
              id="dossier-sign"
              labelText="Sign the dossier with my passkey"
              helperText={sign ? SIGN_DOSSIER_HELP : UNSIGNED_NOTE}
              checked={sign}
              disabled={busy}
              onChange={(_event, { checked }) => setSign(checked)}
            />
          </div>
        ) : (
          <InlineNotification
            kind="info"
            lowContrast
            hideCloseButton
            title="Not signed"
            subtitle={NO_PASSKEY_NOTE}
          />
        )}
        <p>{picker ? PICKER_NOTE : BROWSER_DOWNLOADS_NOTE}</p>
        {progress && phase === 'saving' && (
          <ProgressBar
            label="Saving the dossier"
            value={progress.total ? progress.written : undefined}
            max={progress.total ?? undefined}
            helperText={
              progress.total
                ? `${formatBytes(progress.written)} of ${formatBytes(progress.total)}`
                : `${formatBytes(progress.written)} written`
            }
          />
        )}
      </Stack>
    </AppModal>
  );
}
