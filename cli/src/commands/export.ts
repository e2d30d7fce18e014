import type { Command } from 'commander';
import { readCursor, saveCursor } from '../config';
import type { Output } from '../io';
import { withExamples, type Runner } from '../program';
import { requireSession, unwrap } from '../session';
import { positiveInteger } from '../table';

/** The longest a read waits for new events (EXPORT_EVENTS_WAIT_MAX_SECONDS on the server). */
const WAIT_SECONDS = 30;

interface TailOptions {
  once?: boolean;
  fromStart?: boolean;
  after?: string;
  limit: number;
}

/**
 * Reads an export stream from where this user last stopped on this server (or from --after, or the
 * beginning), one JSON line per event on stdout. The cursor is saved after each page is written, so an
 * interrupted tail resumes without losing events (an event may be written twice, never skipped).
 */
async function tail(out: Output, stream: string, options: TailOptions) {
  const session = await requireSession(out.io.env);
  const { env } = out.io;
  let after =
    options.after ?? (options.fromStart ? undefined : await readCursor(env, session.server, stream));
  out.note(after ? `Reading ${stream} after ${after}` : `Reading ${stream} from its beginning`);
  const stop = new AbortController();
  const interrupt = () => stop.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  let count = 0;
  try {
    for (;;) {
      const read = session.api.GET('/api/export-streams/{id}/events', {
        params: {
          path: { id: stream },
          query: { after, limit: options.limit, wait: options.once ? 0 : WAIT_SECONDS },
        },
        signal: stop.signal,
      });
      let page;
      try {
        page = await unwrap(read, 'Reading the stream');
      } catch (error) {
        if (stop.signal.aborted) break;
        throw error;
      }
      for (const event of page.data) out.emit(event);
      count += page.data.length;
      if (page.next !== after) {
        await saveCursor(env, session.server, stream, page.next);
        after = page.next;
      }
      if (options.once && !page.hasMore) break;
      if (stop.signal.aborted) break;
    }
  } finally {
    process.removeListener('SIGINT', interrupt);
    process.removeListener('SIGTERM', interrupt);
  }
  out.note(`${count} event${count === 1 ? '' : 's'} read; the cursor is ${after ?? '(the beginning)'}`);
}

export function exportCommands(program: Command, run: Runner) {
  const exports = program.command('export').description('Export streams (for a SIEM, a data lake...)');
  withExamples(
    exports
      .command('tail')
      .description(
        'Print the events of an export stream as JSON lines, from where you last stopped; follows new ' +
          'events until interrupted, or stops when caught up with --once',
      )
      .argument('<stream>', 'the export stream id')
      .option('--once', 'stop when caught up instead of waiting for new events')
      .option('--from-start', 'read from the beginning, not from the saved cursor')
      .option('--after <cursor>', 'read after this cursor (a "next" of an earlier read)')
      .option('--limit <n>', 'events per read (at most 1000)', positiveInteger('--limit'), 100),
    [
      'scamtrail export tail 0d5e… --once > events.jsonl',
      'scamtrail export tail 0d5e… | your-siem-forwarder',
    ],
  ).action(run((out, stream: string, options: TailOptions) => tail(out, stream, options)));
}
