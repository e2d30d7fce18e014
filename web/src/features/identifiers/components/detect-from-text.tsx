import { Button } from '@carbon/react';
import { TextInput } from '../../../components/text-fields';
import { useState } from 'react';
import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import { formatConfidence } from '@scamtrail/domain/identifiers/confidence';
import { detectIdentifierType } from '@scamtrail/domain/identifiers/detection';

interface DetectFromTextProps {
  idPrefix: string;
  disabled?: boolean;
  /** Selects the detected type and fills its fields. */
  onUse: (type: string, data: Record<string, string>) => void;
}

/**
 * "Detect from text": paste an e-mail address, phone number or wallet address and the form offers
 * the detected type (spec 5), with how sure the guess is.
 */
export function DetectFromText({ idPrefix, disabled, onUse }: DetectFromTextProps) {
  const [text, setText] = useState('');
  const detected = detectIdentifierType(text);
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
            : 'Optional: the type and fields are filled in for you.'
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
