import { Button, InlineLoading, Link } from '@carbon/react';
import { CheckmarkFilled, Close, Document, WarningFilled } from '@carbon/icons-react';
import { formatBytes } from './evidence-format';
import type { UploadEntry } from './use-file-uploads';

const STATUS_TEXT = { pending: 'Ready to upload', uploading: 'Uploading...', complete: 'Uploaded' };

interface UploadFileListProps {
  entries: UploadEntry[];
  isUploading: boolean;
  onRemove: (key: number) => void;
  onOpen: (evidenceId: string) => void;
}

/** The chosen files: name, size and status (ready, uploading, uploaded, or the server's refusal). */
export function UploadFileList({ entries, isUploading, onRemove, onOpen }: UploadFileListProps) {
  if (entries.length === 0) return null;
  return (
    <ul className="evidence-upload__files" aria-label="Files to upload">
      {entries.map((entry) => (
        <li
          key={entry.key}
          className={`evidence-upload__file evidence-upload__file--${entry.status}`}
          aria-label={entry.file.name}
        >
          <Document className="evidence-upload__file-icon" aria-hidden />
          <div className="evidence-upload__file-main">
            <span className="evidence-upload__file-name" title={entry.file.name}>
              {entry.file.name}
            </span>
            <span className="evidence-upload__file-meta">
              {formatBytes(entry.file.size)}
              {entry.status === 'error' ? (
                <span className="evidence-upload__file-error" role="alert">
                  <WarningFilled aria-hidden /> {entry.message}
                </span>
              ) : entry.status === 'uploading' ? (
                <InlineLoading
                  className="evidence-upload__file-loading"
                  description={STATUS_TEXT.uploading}
                />
              ) : entry.status === 'complete' ? (
                <span className="evidence-upload__file-done">
                  <CheckmarkFilled aria-hidden /> {STATUS_TEXT.complete}
                </span>
              ) : (
                <span>{STATUS_TEXT.pending}</span>
              )}
            </span>
          </div>
          {entry.status === 'complete' && entry.evidence ? (
            <Link
              href="#"
              className="evidence-upload__file-action"
              onClick={(event) => {
                event.preventDefault();
                onOpen(entry.evidence!.id);
              }}
            >
              Open<span className="cds--visually-hidden"> {entry.file.name}</span>
            </Link>
          ) : (
            entry.status !== 'uploading' && (
              <Button
                kind="ghost"
                size="sm"
                hasIconOnly
                renderIcon={Close}
                iconDescription={`Remove ${entry.file.name}`}
                tooltipPosition="left"
                disabled={isUploading}
                onClick={() => onRemove(entry.key)}
                className="evidence-upload__file-action"
              />
            )
          )}
        </li>
      ))}
    </ul>
  );
}
