import { Tag } from '@carbon/react';
import { Locked } from '@carbon/icons-react';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { preload } from '../../lib/preload';
import { useSession } from '../../lib/session';
import './originator-badge.scss';
import type {
  BadgeOriginator,
  EntrySignature,
  SignatureBundleLink,
  SignatureInfo,
} from './originator-badge-types';
import { displayNameOf } from './originator-fields';
import { ORIGINATOR_TYPE_COLORS, ORIGINATOR_TYPE_ICONS } from './originator-type-icons';

// The details modal is code of its own, fetched when a badge is pointed at or focused: a list shows
// many badges and opens few, so the list does not wait for it.
const loadDetailsModal = () => import('./originator-details-modal');
const OriginatorDetailsModal = lazy(() =>
  loadDetailsModal().then((module) => ({ default: module.OriginatorDetailsModal })),
);

export interface OriginatorBadgeProps {
  originator: BadgeOriginator;
  /**
   * The record's signature, for signable records (journal entries). When given, the badge shows a lock
   * if signed and the modal has a Digital Signature section; when absent, neither appears.
   */
  signature?: EntrySignature;
  /** Verifies the signature; called each time the modal opens for a signed entry (spec 4). */
  verify?: () => Promise<SignatureInfo | null | undefined>;
  /**
   * Signs the entry (begin, passkey prompt, complete); offered to the originator of an unsigned entry.
   * Leave it out where an entry may not be signed (a removed one).
   */
  sign?: () => Promise<unknown>;
  /** The signed entry's signature bundle, offered for download to verify it offline. */
  signatureBundle?: SignatureBundleLink;
  /** The viewer is the originator; defaults to comparing with the signed-in user's originator. */
  isOwnEntry?: boolean;
  size?: 'md' | 'lg';
}

/**
 * The originator badge (spec 2.4): an icon by type, the name, a lock when the entry is signed. Clicking it
 * opens "Originator Details".
 */
export function OriginatorBadge({
  originator,
  signature,
  verify,
  sign,
  signatureBundle,
  isOwnEntry,
  size = 'md',
}: OriginatorBadgeProps) {
  const [open, setOpen] = useState(false);
  const { user } = useSession();
  const name = displayNameOf(originator);
  const isSigned = Boolean(signature?.isSigned);
  const own = isOwnEntry ?? (Boolean(user?.originatorId) && user?.originatorId === originator.id);

  return (
    <>
      <Tag
        type={ORIGINATOR_TYPE_COLORS[originator.type]}
        size={size}
        renderIcon={ORIGINATOR_TYPE_ICONS[originator.type]}
        className="originator-badge"
        aria-label={isSigned ? `${name}, signed` : name}
        aria-haspopup="dialog"
        title="Show originator details"
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          setOpen(true);
        }}
        onPointerEnter={() => preload(loadDetailsModal)}
        onFocus={() => preload(loadDetailsModal)}
      >
        <span className="originator-badge__content">
          <span className="originator-badge__name">{name}</span>
          {isSigned && <Locked className="originator-badge__lock" aria-hidden />}
        </span>
      </Tag>
      {open && (
        <Suspense fallback={null}>
          <OriginatorDetailsModal
            open={open}
            onClose={() => setOpen(false)}
            originator={originator}
            signature={signature}
            verify={verify}
            sign={sign}
            signatureBundle={signatureBundle}
            isOwnEntry={own}
          />
        </Suspense>
      )}
    </>
  );
}
