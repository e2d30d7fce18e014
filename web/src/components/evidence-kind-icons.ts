import { Document, Email, Image, Music, TextAlignLeft, Video } from '@carbon/icons-react';
import type { EvidenceKind } from '@scamtrail/domain/evidence';

/** The icon of each kind of evidence, wherever an item is listed (evidence, journal, identifiers). */
export const EVIDENCE_KIND_ICONS = {
  written: TextAlignLeft,
  screenshot: Image,
  document: Document,
  email: Email,
  audio: Music,
  video: Video,
} satisfies Record<EvidenceKind, unknown>;
