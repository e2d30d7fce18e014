import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ExtractedIdentifierCandidate, ExtractedIdentifiers } from '@scamtrail/domain/identifiers/api';
import { api } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';

export type FoundCandidate = ExtractedIdentifierCandidate;

/** How long the text must rest before it is read again: one request per pause, not per key. */
const SETTLE_MS = 400;

/**
 * `POST /api/identifiers/extract`: the identifiers written in the text, read on the server (its
 * `DEFAULT_PHONE_REGION`, its full phone metadata), each with why and the one on record.
 */
export function extractIdentifiers(text: string, signal?: AbortSignal): Promise<ExtractedIdentifiers> {
  return api.post<ExtractedIdentifiers>('/identifiers/extract', { text }, { signal, silent: true });
}

/** The value once it has stopped changing for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The identifiers found in a text being typed or pasted, asked once it rests; the last answer stays
 * while the next is on its way. `isCurrent` is false until the answer is for the text as it is now.
 */
export function useExtractedIdentifiers(text: string, enabled: boolean) {
  const trimmed = text.trim();
  const settled = useSettled(trimmed, SETTLE_MS);
  const query = useQuery({
    queryKey: ['identifiers', 'extract', settled],
    queryFn: ({ signal }) => extractIdentifiers(settled, signal),
    enabled: enabled && settled !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  const found = enabled && trimmed !== '' ? (query.data?.data ?? []) : [];
  const isCurrent = settled === trimmed && !query.isPlaceholderData && !query.isFetching;
  return { found, isCurrent, error: query.error, isTruncated: query.data?.isTruncated ?? false };
}

/**
 * The id of the identifier a candidate is: the one on record, or one created by
 * `POST /api/identifiers` (a 409 naming `details.existingId` when someone created it meanwhile).
 */
export async function ensureFoundIdentifier(candidate: FoundCandidate): Promise<string> {
  if (candidate.existing) return candidate.existing.id;
  try {
    const created = await api.post<{ id: string }>('/identifiers', {
      type: candidate.type,
      data: candidate.data,
      displayValue: candidate.displayValue,
    });
    return created.id;
  } catch (error) {
    const existingId = isApiError(error) && error.status === 409 ? error.details?.existingId : undefined;
    if (typeof existingId === 'string' && existingId) return existingId;
    throw error;
  }
}

/** A candidate's key in a list: its type and normalised key. */
export const candidateKey = (candidate: FoundCandidate) => `${candidate.type}:${candidate.normalizedKey}`;
