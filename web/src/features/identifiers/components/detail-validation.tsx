import { Button, Tag } from '@carbon/react';
import { Renew } from '@carbon/icons-react';
import type { IdentifierDetail, ValidatorResult } from '../api/identifier-types';
import { formatDateTime } from '../../../lib/format';
import { DetailEmpty, DetailSection } from './detail-section';

const OUTCOMES: Record<ValidatorResult['outcome'], { label: string; type: 'green' | 'red' | 'gray' }> = {
  pass: { label: 'Pass', type: 'green' },
  fail: { label: 'Fail', type: 'red' },
  not_applicable: { label: 'Not applicable', type: 'gray' },
};

interface DetailValidationProps {
  detail: IdentifierDetail;
  canValidate: boolean;
  isValidating: boolean;
  onValidate: () => void;
}

/** The last validation: each validator's outcome, and the reasons behind the confidence. */
export function DetailValidation({ detail, canValidate, isValidating, onValidate }: DetailValidationProps) {
  const action = canValidate && (
    <Button kind="tertiary" size="sm" renderIcon={Renew} disabled={isValidating} onClick={onValidate}>
      {isValidating ? 'Validating...' : detail.validatedAt ? 'Validate again' : 'Validate'}
    </Button>
  );
  return (
    <DetailSection id="validation" title="Validation" actions={action}>
      {!detail.validatedAt ? (
        <DetailEmpty>Not validated yet. Confidence shows "?" until it is.</DetailEmpty>
      ) : (
        <>
          <p className="identifier-detail__meta">Last validated {formatDateTime(detail.validatedAt)}</p>
          <ul className="identifier-detail__items" aria-label="Validator results">
            {detail.validation.map((result) => (
              <li key={result.name} className="identifier-detail__item">
                <Tag type={OUTCOMES[result.outcome].type} size="sm">
                  {OUTCOMES[result.outcome].label}
                </Tag>
                <span className="identifier-detail__item-title">{result.label}</span>
                <span className="identifier-detail__item-meta">{result.detail}</span>
              </li>
            ))}
          </ul>
          {detail.confidenceReasons.length > 0 && (
            <>
              <h4 className="identifier-detail__subtitle">Confidence reasons</h4>
              <ul className="identifier-detail__reasons">
                {detail.confidenceReasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </DetailSection>
  );
}
