import { InlineLoading, InlineNotification } from '@carbon/react';
import { Unlocked } from '@carbon/icons-react';
import { formatDateTime } from '../../lib/format-date';
import { DescriptionList, type DescriptionItem } from '../description-list';
import type { SignatureInfo } from './originator-badge-types';
import type { VerificationState } from './use-signature-verification';

export const UNSIGNED_TEXT = 'This entry has not been digitally signed';
export const UNSIGNED_OWN_TEXT = 'You have not signed this entry yet';

interface SignatureSectionProps {
  isSigned: boolean;
  verification: VerificationState;
  /** The viewer is the entry's originator: the unsigned text speaks to them. */
  isOwnEntry: boolean;
}

function signatureItems(info: SignatureInfo): DescriptionItem[] {
  const items: DescriptionItem[] = [];
  if (info.signerName) items.push({ label: 'Signed by', value: info.signerName });
  if (info.signerEmail) items.push({ label: 'Signer email', value: info.signerEmail });
  if (info.passkeyName) items.push({ label: 'Passkey', value: info.passkeyName });
  if (info.signedAt) items.push({ label: 'Signed at', value: formatDateTime(info.signedAt, info.signedAt) });
  if (info.signatureAlgorithm) items.push({ label: 'Algorithm', value: info.signatureAlgorithm });
  return items;
}

function SignatureDetails({ info }: { info: SignatureInfo }) {
  const items = signatureItems(info);
  return items.length > 0 ? <DescriptionList items={items} aria-label="Signature details" /> : null;
}

/** The "Digital Signature" section: unsigned, signed and verified, or signed but invalid (spec 4). */
export function SignatureSection({ isSigned, verification, isOwnEntry }: SignatureSectionProps) {
  if (!isSigned) {
    return (
      <p className="originator-details__unsigned">
        <Unlocked aria-hidden />
        <span>{isOwnEntry ? UNSIGNED_OWN_TEXT : UNSIGNED_TEXT}</span>
      </p>
    );
  }
  if (verification.status === 'verifying') {
    return <InlineLoading description="Verifying signature..." />;
  }
  const { info } = verification;
  if (!info) {
    return (
      <InlineNotification
        kind="info"
        lowContrast
        hideCloseButton
        title="Signed"
        subtitle="This entry is signed; its signature has not been verified."
      />
    );
  }
  if (info.valid) {
    return (
      <>
        <InlineNotification
          kind="success"
          lowContrast
          hideCloseButton
          title="Signature verified"
          subtitle="The entry has not changed since it was signed."
        />
        <SignatureDetails info={info} />
      </>
    );
  }
  return (
    <>
      <InlineNotification
        kind="error"
        lowContrast
        hideCloseButton
        title="Signature invalid"
        subtitle={info.invalidReason || 'The signature does not match the entry.'}
      />
      <SignatureDetails info={info} />
    </>
  );
}
