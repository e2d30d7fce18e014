import { custodyActionText, custodyDetailText } from '@scamtrail/domain/custody-words';
import type { DossierData } from './dossier-data';

/**
 * `case.jsonld`: the case in the CASE/UCO ontology (https://caseontology.org): the investigation, one
 * observable per evidence item with its file facet and a `uco-types:Hash` SHA256, one provenance record
 * per item, and one investigative action per chain-of-custody event (its performer, time, object and
 * the provenance record it results in). Custody details the ontology has no term for go under the
 * `scamtrail:` vocabulary.
 */

const CONTEXT = {
  kb: 'urn:scamtrail:kb:',
  scamtrail: 'urn:scamtrail:vocab#',
  'case-investigation': 'https://ontology.caseontology.org/case/investigation/',
  'uco-action': 'https://ontology.unifiedcyberontology.org/uco/action/',
  'uco-core': 'https://ontology.unifiedcyberontology.org/uco/core/',
  'uco-identity': 'https://ontology.unifiedcyberontology.org/uco/identity/',
  'uco-observable': 'https://ontology.unifiedcyberontology.org/uco/observable/',
  'uco-types': 'https://ontology.unifiedcyberontology.org/uco/types/',
  'uco-vocabulary': 'https://ontology.unifiedcyberontology.org/uco/vocabulary/',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
};

const dateTime = (iso: string) => ({ '@type': 'xsd:dateTime', '@value': iso });
const sha256Hash = (hex: string) => ({
  '@id': `kb:hash-${hex}`,
  '@type': 'uco-types:Hash',
  'uco-types:hashMethod': { '@type': 'uco-vocabulary:HashNameVocab', '@value': 'SHA256' },
  'uco-types:hashValue': { '@type': 'xsd:hexBinary', '@value': hex.toUpperCase() },
});

export function renderJsonLd(
  data: DossierData,
  ctx: { exportedBy: string; exportedAt: string; evidencePaths: Map<string, string> },
): string {
  const c = data.case;
  const identities = new Map<string, object>();
  const identity = (name: string) => {
    const id = `kb:identity-${encodeURIComponent(name)}`;
    if (!identities.has(id))
      identities.set(id, { '@id': id, '@type': 'uco-identity:Identity', 'uco-core:name': name });
    return { '@id': id };
  };
  const graph: object[] = [];
  const objects: { '@id': string }[] = [];

  for (const item of data.evidence) {
    const observableId = `kb:evidence-${item.id}`;
    const provenanceId = `kb:provenance-${item.id}`;
    const path = ctx.evidencePaths.get(item.id) ?? null;
    const size = item.kind === 'written' ? Buffer.byteLength(item.body ?? '', 'utf8') : item.size;
    const facets: object[] = [
      {
        '@id': `kb:file-facet-${item.id}`,
        '@type': 'uco-observable:FileFacet',
        'uco-observable:fileName': item.fileName ?? `${item.title}.txt`,
        ...(size !== null
          ? { 'uco-observable:sizeInBytes': { '@type': 'xsd:integer', '@value': String(size) } }
          : {}),
      },
    ];
    if (item.sha256) {
      facets.push({
        '@id': `kb:content-facet-${item.id}`,
        '@type': 'uco-observable:ContentDataFacet',
        'uco-observable:mimeType':
          item.kind === 'written' ? 'text/plain' : (item.mediaType ?? 'application/octet-stream'),
        'uco-observable:hash': [sha256Hash(item.sha256)],
      });
    }
    graph.push({
      '@id': observableId,
      '@type': 'uco-observable:File',
      'uco-core:name': item.title,
      'uco-core:description': item.description,
      'scamtrail:evidenceId': item.id,
      'scamtrail:packagePath': path,
      'uco-core:hasFacet': facets,
    });
    graph.push({
      '@id': provenanceId,
      '@type': 'case-investigation:ProvenanceRecord',
      'case-investigation:exhibitNumber': item.id,
      'uco-core:description': `Evidence “${item.title}”, added ${item.createdAt} by ${item.originator?.displayName ?? 'unknown'}`,
      'uco-core:object': [{ '@id': observableId }],
    });
    objects.push({ '@id': observableId }, { '@id': provenanceId });
    for (const event of data.custody.get(item.id) ?? []) {
      const detail = event.detail as Record<string, unknown>;
      graph.push({
        '@id': `kb:custody-${event.id}`,
        '@type': 'case-investigation:InvestigativeAction',
        'uco-core:name': event.action,
        // The row in the words of the report and the evidence page, as the exporter was told it.
        'uco-core:description': [custodyActionText(event.action), custodyDetailText(event, 'full')]
          .filter(Boolean)
          .join(': '),
        'uco-action:startTime': dateTime(event.createdAt),
        'uco-action:endTime': dateTime(event.createdAt),
        'uco-action:performer': identity(event.actor.name),
        'uco-action:object': [{ '@id': observableId }],
        'uco-action:result': [{ '@id': provenanceId }],
        'scamtrail:evidenceId': item.id,
        'scamtrail:custodyAction': event.action,
        'scamtrail:detail': JSON.stringify(detail),
        ...(typeof detail.sha256 === 'string' ? { 'scamtrail:recordedSha256': detail.sha256 } : {}),
      });
    }
  }

  graph.unshift({
    '@id': `kb:case-${c.id}`,
    '@type': 'case-investigation:Investigation',
    'uco-core:name': `Case #${c.number}: ${c.title}`,
    'uco-core:description': c.description,
    'case-investigation:investigationStatus': c.status,
    'case-investigation:investigationForm': 'case',
    'uco-core:objectCreatedTime': dateTime(c.createdAt),
    'uco-core:object': objects,
    'scamtrail:exportedBy': ctx.exportedBy,
    'scamtrail:exportedAt': ctx.exportedAt,
  });
  graph.push(...identities.values());
  return `${JSON.stringify({ '@context': CONTEXT, '@graph': graph }, null, 2)}\n`;
}
