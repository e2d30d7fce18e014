import type { IdentifierDetail } from '../api/identifier-types';
import { DetailEmpty, DetailList, DetailSection } from './detail-section';

/**
 * What the value tells about itself (a phone's country and line type, an IBAN's bank code, a card's
 * scheme, a wallet's network and format), read by the server from tables it ships: nothing is
 * looked up elsewhere.
 */
export function DetailEnrichment({ detail }: { detail: IdentifierDetail }) {
  return (
    <DetailSection id="enrichment" title="Enrichment">
      {detail.enrichment.length > 0 ? (
        <DetailList items={detail.enrichment} />
      ) : (
        <DetailEmpty>Nothing more can be read from this value offline.</DetailEmpty>
      )}
    </DetailSection>
  );
}
