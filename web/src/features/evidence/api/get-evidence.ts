import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { evidenceKeys } from './evidence-keys';
import type { EvidenceItem } from './evidence-types';

/** `GET /api/evidence/{id}`: one item (the server records a "viewed" custody row). */
export function getEvidence(id: string, signal?: AbortSignal) {
  return api.get<EvidenceItem>(`/evidence/${encodeURIComponent(id)}`, { signal });
}

export function useEvidence(id: string) {
  return useQuery({
    queryKey: evidenceKeys.detail(id),
    queryFn: ({ signal }) => getEvidence(id, signal),
    retry: false,
  });
}

/**
 * Where the stored bytes are downloaded (`Content-Disposition: attachment`); `inline` asks for a raster
 * image to be shown in an <img>.
 */
export function evidenceContentUrl(id: string, options: { inline?: boolean } = {}) {
  const base = `/api/evidence/${encodeURIComponent(id)}/content`;
  return options.inline ? `${base}?disposition=inline` : base;
}
