import { Button, InlineNotification, SkeletonText } from '@carbon/react';
import { ChevronDown, ChevronUp } from '@carbon/icons-react';
import { useId, useState } from 'react';
import { useWrittenEvidence } from '../api/get-written-evidence';
import { errorMessage } from '../../../lib/api-error';
import { pluralise } from '../../../lib/format';
import { MarkedText } from '../../../components/marked-text';
import { splitByOccurrences } from '../../../lib/highlight';

interface WrittenEvidenceProps {
  evidenceId: string;
  title: string;
  /** The item's title on screen: tells one "Show text" from another. */
  titleId: string;
  /** The identifier's display value: each occurrence in the text is marked. */
  value: string;
}

/** The item's text, fetched when shown (the server records the view), the identifier marked in it. */
function WrittenText({
  evidenceId,
  title,
  value,
  paneId,
}: Omit<WrittenEvidenceProps, 'titleId'> & { paneId: string }) {
  const query = useWrittenEvidence(evidenceId);
  if (query.isPending) {
    return (
      <div id={paneId} className="identifier-evidence-text">
        <SkeletonText paragraph lineCount={3} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div id={paneId} className="identifier-evidence-text">
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title="The text could not be loaded"
          subtitle={errorMessage(query.error, 'Please try again')}
        />
      </div>
    );
  }
  const body = query.data.body ?? '';
  const mentions = splitByOccurrences(body, value).filter((part) => part.isMatch).length;
  return (
    <div id={paneId} className="identifier-evidence-text">
      <p className="identifier-detail__item-meta">
        {mentions > 0
          ? `${pluralise(mentions, 'mention')} of ${value} highlighted`
          : `No mention of ${value} as it is written here.`}
      </p>
      {/* Scrolls on its own: focusable so the keyboard scrolls it too. */}
      <div
        className="identifier-evidence-text__body"
        role="region"
        aria-label={`Text of ${title}`}
        tabIndex={0}
      >
        <MarkedText text={body} term={value} />
      </div>
    </div>
  );
}

/**
 * A written evidence item's text, inside the identifier detail (no dialog over the dialog): a disclosure
 * button shows it below the item, where the reviewer reads where the identifier was mentioned.
 */
export function WrittenEvidence(props: WrittenEvidenceProps) {
  const [isOpen, setOpen] = useState(false);
  const paneId = useId();
  return (
    <>
      <Button
        kind="ghost"
        size="sm"
        renderIcon={isOpen ? ChevronUp : ChevronDown}
        aria-expanded={isOpen}
        aria-describedby={props.titleId}
        // Names the pane only while it is there.
        aria-controls={isOpen ? paneId : undefined}
        onClick={() => setOpen(!isOpen)}
      >
        {isOpen ? 'Hide text' : 'Show text'}
      </Button>
      {isOpen && <WrittenText {...props} paneId={paneId} />}
    </>
  );
}
