import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importExchangeFile } from '../../../lib/exchange-files';
import { identifierKeys } from './query-keys';

/** The import of a STIX bundle or MISP event; the identifier lists are read again after it. */
export function useImportExchangeFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importExchangeFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: identifierKeys.lists() }),
  });
}
