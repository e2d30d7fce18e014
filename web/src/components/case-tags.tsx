import { Tag } from '@carbon/react';
import {
  CASE_PRIORITY_LABELS,
  CASE_STATUS_LABELS,
  type CasePriority,
  type CaseStatus,
} from '@scamtrail/domain/case-labels';

type TagType = 'blue' | 'teal' | 'gray' | 'outline' | 'cool-gray' | 'warm-gray' | 'magenta' | 'red';

/** A colour per status: work to do is coloured, finished work is grey. */
export const CASE_STATUS_TAG_TYPES: Record<CaseStatus, TagType> = {
  open: 'blue',
  in_progress: 'teal',
  closed: 'gray',
  archived: 'outline',
};

/** Only high and critical draw the eye; low and medium stay neutral. */
export const CASE_PRIORITY_TAG_TYPES: Record<CasePriority, TagType> = {
  low: 'cool-gray',
  medium: 'warm-gray',
  high: 'magenta',
  critical: 'red',
};

/** A case's status as a Carbon tag (the list, the case header). */
export function CaseStatusTag({ status, size = 'md' }: { status: CaseStatus; size?: 'sm' | 'md' }) {
  return (
    <Tag type={CASE_STATUS_TAG_TYPES[status]} size={size} className="case-tag">
      {CASE_STATUS_LABELS[status]}
    </Tag>
  );
}

/** A case's priority as a Carbon tag. */
export function CasePriorityTag({ priority, size = 'md' }: { priority: CasePriority; size?: 'sm' | 'md' }) {
  return (
    <Tag type={CASE_PRIORITY_TAG_TYPES[priority]} size={size} className="case-tag">
      {CASE_PRIORITY_LABELS[priority]}
    </Tag>
  );
}
