import { useState } from 'react';
import { useToast } from '../toasts/toast-context';
import { useFailureToast } from '../../lib/use-failure-toast';

/** Runs a download, saying in a toast what was saved or why not (401 and 403 are the client's). */
export function useExchangeDownload() {
  const [busy, setBusy] = useState(false);
  const { showToast } = useToast();
  const showFailure = useFailureToast();

  async function download(what: string, save: () => Promise<string>) {
    setBusy(true);
    try {
      const fileName = await save();
      showToast({ kind: 'success', title: `${what} downloaded`, subtitle: fileName });
    } catch (error) {
      showFailure(error, { title: `${what} not downloaded` });
    } finally {
      setBusy(false);
    }
  }

  return { busy, run: (what: string, save: () => Promise<string>) => void download(what, save) };
}
