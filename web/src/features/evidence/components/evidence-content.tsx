import { Button } from '@carbon/react';
import { Download } from '@carbon/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { canPreviewInline } from '@scamtrail/domain/evidence';
import { evidenceContentUrl } from '../api/get-evidence';
import { evidenceKeys } from '../api/evidence-keys';
import type { EvidenceItem } from '../api/evidence-types';

/** Time for the browser to start the download before the custody list asks for its new row. */
const CUSTODY_REFRESH_DELAY_MS = 1500;

/** The item itself: the written text, or a file's download and, for a raster image, its preview. */
export function EvidenceContent({ item }: { item: EvidenceItem }) {
  const queryClient = useQueryClient();
  if (item.kind === 'written') {
    return <div className="evidence-content__text">{item.body}</div>;
  }
  return (
    <div className="evidence-content">
      {canPreviewInline(item.mediaType) && (
        <img
          className="evidence-content__image"
          src={evidenceContentUrl(item.id, { inline: true })}
          alt={`Preview of ${item.title}`}
        />
      )}
      <div>
        <Button
          as="a"
          kind="tertiary"
          size="md"
          renderIcon={Download}
          href={evidenceContentUrl(item.id)}
          download={item.fileName ?? ''}
          onClick={() =>
            window.setTimeout(
              () =>
                void queryClient.invalidateQueries({ queryKey: [...evidenceKeys.all, 'custody', item.id] }),
              CUSTODY_REFRESH_DELAY_MS,
            )
          }
        >
          Download{item.fileName ? ` ${item.fileName}` : ''}
        </Button>
      </div>
    </div>
  );
}
