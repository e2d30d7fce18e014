import { formatConfidence } from '@scamtrail/domain/identifiers/confidence';
import { listIdentifierDetails } from '@scamtrail/domain/identifiers/display';
import type { IdentifierItem } from '../api/identifier-types';
import { formatDateTime } from '../../../lib/format';
import { DetailEmpty, DetailList, DetailSection } from './detail-section';

/** Basic Information and the type-specific details (spec 2.3). */
export function DetailFields({ identifier }: { identifier: IdentifierItem }) {
  const details = listIdentifierDetails(identifier.type, identifier.data);
  return (
    <>
      <DetailSection id="basic" title="Basic Information">
        <DetailList
          items={[
            { label: 'Type', value: identifier.typeLabel },
            { label: 'Display Value', value: identifier.displayValue },
            { label: 'Confidence', value: formatConfidence(identifier.confidence) },
            { label: 'Created', value: formatDateTime(identifier.createdAt) },
            { label: 'Last Updated', value: formatDateTime(identifier.updatedAt) },
          ]}
        />
      </DetailSection>
      <DetailSection id="type-details" title={`${identifier.typeLabel} Information`}>
        {details.length > 0 ? (
          <DetailList items={details.map((detail) => ({ label: detail.label, value: detail.value }))} />
        ) : (
          <DetailEmpty>No details recorded.</DetailEmpty>
        )}
      </DetailSection>
    </>
  );
}
