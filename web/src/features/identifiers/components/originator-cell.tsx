import { OriginatorBadge } from '../../../components/originator-badge/originator-badge';
import type { IdentifierItem } from '../api/identifier-types';
import { EMPTY_CELL } from '../../../lib/format';

/**
 * Who recorded an identifier: the shared originator badge (spec 2.4), which opens "Originator
 * Details", or a dash when the originator is unknown.
 */
export function OriginatorCell({ originator }: { originator: IdentifierItem['originator'] }) {
  if (!originator) return <span>{EMPTY_CELL}</span>;
  return <OriginatorBadge originator={originator} />;
}
