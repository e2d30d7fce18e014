import { Button, InlineLoading, InlineNotification } from '@carbon/react';
import { Download, Unlocked } from '@carbon/icons-react';
import { formatDateTime } from '../../lib/format';
import { DescriptionList, type DescriptionItem } from '../description-list';
import type { SignatureBundleLink, SignatureInfo } from './originator-badge-types';
import { SignEntryAction } from './sign-entry-action';
import type { VerificationState } from './use-signature-verification';

export const UNSIGNED_TEXT = 'This entry has not been digitally signed';
export const UNSIGNED_OWN_TEXT = 'You have not signed this entry yet';

interface SignatureSectionProps {
  isSigned: boolean;
  verification: VerificationState;
  /** The viewer is the entry's originator: while they may sign it, the unsigned text speaks to them. */
  isOwnEntry: boolean;
  /** Signs the entry; offered to its originator while it is unsigned (and not removed). */
  sign?: () => Promise<unknown>;
  /** Where a signed entry's signature bundle downloads from, for verifying it offline. */
  signatureBundle?: SignatureBundleLink;
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

function SignatureDetails({ info, bundle }: { info: SignatureInfo; bundle?: SignatureBundleLink }) {
  const items = signatureItems(info);
  return (
    <>
      {items.length > 0 && <DescriptionList items={items} aria-label="Signature details" />}
      {bundle && (
        <Button
          as="a"
          href={bundle.url}
          download={bundle.fileName}
          kind="tertiary"
          size="sm"
          renderIcon={Download}
          className="originator-details__bundle"
        >
          Download signature bundle
        </Button>
      )}
    </>
  );
}

/** The "Digital Signature" section: unsigned, signed and verified, or signed but invalid (spec 4). */
export function SignatureSection(props: SignatureSectionProps) {
  const { isSigned, verification, isOwnEntry, sign, signatureBundle } = props;
  if (!isSigned) {
    // The originator's own wording ("... yet") only while they may still sign: a removed entry cannot
    // be signed (spec 4), so it reads as anyone else's.
    const canSign = isOwnEntry && Boolean(sign);
    return (
      <>
        <p className="originator-details__unsigned">
          <Unlocked aria-hidden />
          <span>{canSign ? UNSIGNED_OWN_TEXT : UNSIGNED_TEXT}</span>
        </p>
        {canSign && sign && <SignEntryAction sign={sign} />}
      </>
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
        <SignatureDetails info={info} bundle={signatureBundle} />
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
      <SignatureDetails info={info} bundle={signatureBundle} />
    </>
  );
}
