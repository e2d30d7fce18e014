import { Link } from '@carbon/react';
import { Image } from '@carbon/icons-react';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import { Link as RouterLink } from 'react-router';
import { EVIDENCE_KIND_ICONS } from '../../../../components/evidence-kind-icons';
import { paths } from '../../../../lib/paths';

const isImage = (mediaType: string | null) => Boolean(mediaType?.startsWith('image/'));

function kindIcon(kind: string) {
  return EVIDENCE_KIND_ICONS[kind as keyof typeof EVIDENCE_KIND_ICONS] ?? EVIDENCE_KIND_ICONS.document;
}

/**
 * A chip's text, on one line: a long title or value ends in an ellipsis (a 100-character e-mail at
 * 390 px), so the whole text is its tooltip.
 */
function ChipText({ text }: { text: string }) {
  return (
    <span className="timeline-chip__text" title={text}>
      {text}
    </span>
  );
}

/** The evidence linked to an entry: chips that open each item; images are marked as such. */
export function EntryEvidence({ evidence }: { evidence: JournalEntry['evidence'] }) {
  if (evidence.length === 0) return null;
  return (
    <div className="timeline-entry__links">
      <span className="timeline-entry__links-label">Evidence</span>
      <ul className="timeline-chips" aria-label="Linked evidence">
        {evidence.map((item) => {
          const image = isImage(item.mediaType);
          const Icon = image ? Image : kindIcon(item.kind);
          return (
            <li key={item.id}>
              <Link
                as={RouterLink}
                to={paths.evidence({ open: item.id })}
                className={`timeline-chip${image ? ' timeline-chip--image' : ''}`}
              >
                <Icon aria-hidden className="timeline-chip__icon" />
                <ChipText text={item.title} />
                {image && <span className="timeline-chip__note">Image</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The identifiers linked to an entry, by display value, each opening its details. */
export function EntryIdentifiers({ identifiers }: { identifiers: JournalEntry['identifiers'] }) {
  if (identifiers.length === 0) return null;
  return (
    <div className="timeline-entry__links">
      <span className="timeline-entry__links-label">Identifiers</span>
      <ul className="timeline-chips" aria-label="Linked identifiers">
        {identifiers.map((identifier) => (
          <li key={identifier.id}>
            <Link as={RouterLink} to={paths.identifiers({ open: identifier.id })} className="timeline-chip">
              <ChipText text={identifier.displayValue} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
