import { Button } from '@carbon/react';
import { TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import { formatConfidence } from '@scamtrail/domain/identifiers/confidence';
import { detectIdentifierType } from '@scamtrail/domain/identifiers/detection';
import { callingCodeOf, DEFAULT_PHONE_REGION, isPhoneRegion } from '@scamtrail/domain/identifiers/phone';

interface DetectFromTextProps {
  idPrefix: string;
  disabled?: boolean;
  /** Where numbers without a country code are read (the server's `DEFAULT_PHONE_REGION`). */
  defaultRegion?: string;
  /** Selects the detected type and fills its fields. */
  onUse: (type: string, data: Record<string, string>) => void;
}

/**
 * "Detect from text": paste an e-mail address, phone number or wallet address and the form offers
 * the detected type (spec 5), with how sure the guess is. A number written without a country code
 * is read in the server's default phone region (`DEFAULT_PHONE_REGION`).
 */
export function DetectFromText({
  idPrefix,
  disabled,
  defaultRegion = DEFAULT_PHONE_REGION,
  onUse,
}: DetectFromTextProps) {
  const [text, setText] = useState('');
  const countryCode = isPhoneRegion(defaultRegion) ? callingCodeOf(defaultRegion) : '+1';
  const detected = detectIdentifierType(text, { defaultRegion });
  const hasText = text.trim() !== '';

  function use() {
    if (!detected.type) return;
    onUse(detected.type, { ...detected.data });
    setText('');
  }

  return (
    <div className="identifier-detect">
      <TextInput
        id={`${idPrefix}-detect`}
        labelText="Detect from text"
        placeholder="Paste an e-mail address, phone number or wallet address"
        helperText={
          hasText && !detected.type
            ? 'No identifier type detected. Choose the type below.'
            : `Optional: the type and fields are filled in for you. Numbers without a country code are read as ${countryCode}.`
        }
        value={text}
        disabled={disabled}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        // Enter here uses what was detected; it never sends the form, whose fields are still to fill.
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          event.stopPropagation();
          use();
        }}
      />
      {detected.type && (
        <div className="identifier-detect__offer" role="status">
          <span>
            Detected: {getIdentifierTypeLabel(detected.type)} (confidence{' '}
            {formatConfidence(detected.confidence)})
          </span>
          <Button kind="tertiary" size="sm" disabled={disabled} onClick={use}>
            Use
          </Button>
        </div>
      )}
    </div>
  );
}
