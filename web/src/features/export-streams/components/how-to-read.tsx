import { CodeSnippet, Link, Stack } from '@carbon/react';
import { Link as RouterLink } from 'react-router';
import {
  EXPORT_EVENTS_PAGE_MAX,
  EXPORT_EVENTS_WAIT_MAX_SECONDS,
  EXPORT_TOPIC_LABELS,
  EXPORT_TOPIC_PERMISSIONS,
  type ExportStream,
} from '@scamtrail/domain/export-streams';
import type { Permission } from '@scamtrail/domain/permissions';
import { PERMISSION_LABELS } from '@scamtrail/domain/permission-labels';
import { paths } from '../../../lib/paths';
import '../../../styles/carbon/code-snippet.scss';

/** The address a reader calls: the events of one stream, on this server as the browser reaches it. */
export function eventsUrl(streamId: string): string {
  return `${window.location.origin}/api/export-streams/${encodeURIComponent(streamId)}/events`;
}

/** A permission as the automation's form names it, with its code. */
function PermissionName({ permission }: { permission: Permission }) {
  return (
    <>
      “{PERMISSION_LABELS[permission]}” (<code>{permission}</code>)
    </>
  );
}

/**
 * What an integrator needs to read the stream: the URL, the key it takes (export.view, and each topic's
 * own view permissions, as the server checks them), and how the cursor works.
 */
export function HowToRead({ stream }: { stream: Pick<ExportStream, 'id' | 'topics'> }) {
  const url = eventsUrl(stream.id);
  const curl = `curl -H "Authorization: Bearer <API key>" \\\n  "${url}?after=<next>&wait=${EXPORT_EVENTS_WAIT_MAX_SECONDS}"`;
  return (
    <Stack gap={5}>
      <p className="export-stream-detail__text">
        A system reads it with the API key of an{' '}
        <Link as={RouterLink} to={paths.automations()}>
          automation
        </Link>{' '}
        holding the permission <PermissionName permission="export.view" />, and gets each topic only if the
        key also holds that topic’s permissions:
      </p>
      <ul className="export-stream-detail__topics" aria-label="Permissions by topic">
        {stream.topics.map((topic) => (
          <li key={topic}>
            {EXPORT_TOPIC_LABELS[topic]}:{' '}
            {EXPORT_TOPIC_PERMISSIONS[topic]
              .filter((permission) => permission !== 'export.view')
              .map((permission, index) => (
                <span key={permission}>
                  {index > 0 && ', '}
                  <PermissionName permission={permission} />
                </span>
              ))}
          </li>
        ))}
      </ul>
      <p className="export-stream-detail__text">A key holding none of them is refused.</p>
      <CodeSnippet
        type="single"
        aria-label="Events URL"
        copyButtonDescription="Copy events URL"
        feedback="Copied to clipboard"
        wrapText
        copyText={url}
      >
        {url}
      </CodeSnippet>
      <CodeSnippet
        type="multi"
        aria-label="curl example"
        copyButtonDescription="Copy curl example"
        feedback="Copied to clipboard"
        wrapText
        copyText={curl}
      >
        {curl}
      </CodeSnippet>
      <p className="export-stream-detail__text">
        Leave out <code>after</code> on the first read: it starts at the stream’s oldest event. Each answer
        holds <code>next</code>: send it back as <code>after</code> to read on from where you stopped, and
        read again at once while <code>hasMore</code> is true (up to{' '}
        {EXPORT_EVENTS_PAGE_MAX.toLocaleString('en-US')} events a read with <code>limit</code>). With{' '}
        <code>wait={EXPORT_EVENTS_WAIT_MAX_SECONDS}</code>, a read that finds nothing new waits up to{' '}
        {EXPORT_EVENTS_WAIT_MAX_SECONDS} seconds and answers as soon as something happens. Events of cases in
        groups the stream does not carry are left out, and <code>next</code> moves past them.
      </p>
    </Stack>
  );
}
