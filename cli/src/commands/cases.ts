import { Option, type Command } from 'commander';
import { CliError } from '../errors';
import type { Output } from '../io';
import { withExamples, type Runner } from '../program';
import { requireSession, unwrap, type Session } from '../session';
import { positiveInteger, table } from '../table';

const STATUSES = ['open', 'in_progress', 'closed', 'archived'] as const;
const PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;

interface ListOptions {
  status?: (typeof STATUSES)[number];
  priority?: (typeof PRIORITIES)[number];
  search?: string;
  page: number;
  pageSize: number;
}

async function listCases(out: Output, options: ListOptions) {
  const { api } = await requireSession(out.io.env);
  const answer = await unwrap(
    api.GET('/api/cases', {
      params: {
        query: {
          status: options.status,
          priority: options.priority,
          search: options.search,
          page: options.page,
          pageSize: options.pageSize,
        },
      },
    }),
    'Listing cases',
  );
  if (out.json) {
    out.emit(answer);
    return;
  }
  if (answer.data.length === 0) {
    out.say('No cases found');
    return;
  }
  out.say(
    table(
      ['NUMBER', 'STATUS', 'PRIORITY', 'UPDATED', 'TITLE'],
      answer.data.map((item) => [
        `#${item.number}`,
        item.status,
        item.priority,
        item.updatedAt.slice(0, 10),
        item.title,
      ]),
    ),
  );
  const { page, totalPages, totalItems } = answer.pagination;
  out.say(`\nPage ${page} of ${totalPages} (${totalItems} cases)`);
}

/** A case by its id, or by its number (`12` or `#12`). */
export async function findCaseId(session: Session, ref: string): Promise<string> {
  if (!/^#?\d+$/.test(ref)) return ref;
  const number = Number(ref.replace('#', ''));
  const answer = await unwrap(
    session.api.GET('/api/cases', { params: { query: { search: `#${number}`, pageSize: 100 } } }),
    'Finding the case',
  );
  const found = answer.data.find((item) => item.number === number);
  if (!found) throw new CliError(`No case #${number} that you may see`);
  return found.id;
}

async function showCase(out: Output, ref: string) {
  const session = await requireSession(out.io.env);
  const id = await findCaseId(session, ref);
  const item = await unwrap(
    session.api.GET('/api/cases/{id}', { params: { path: { id } } }),
    'Reading the case',
  );
  if (out.json) {
    out.emit(item);
    return;
  }
  const fields: [string, string][] = [
    ['Case', `#${item.number} ${item.title}`],
    ['ID', item.id],
    ['Status', item.status],
    ['Priority', item.priority],
    ['Scam type', item.scamType ?? '-'],
    ['Group', item.group?.name ?? '-'],
    ['Assignees', item.assignees.map((user) => user.fullName).join(', ') || '-'],
    ['Tags', item.tags.map((tag) => tag.name).join(', ') || '-'],
    ['Reported loss', item.reportedLoss ? `${item.reportedLoss.amount} ${item.reportedLoss.currency}` : '-'],
    ['Created', item.createdAt],
    ['Updated', item.updatedAt],
  ];
  for (const [name, value] of fields) out.say(`${`${name}:`.padEnd(15)}${value}`);
  if (item.description) out.say(`\n${item.description}`);
}

export function caseCommands(program: Command, run: Runner) {
  const cases = program.command('cases').description('Cases you may see');
  withExamples(
    cases
      .command('list')
      .description('List cases, most recently active first')
      .addOption(new Option('--status <status>', 'only cases in this status').choices(STATUSES))
      .addOption(new Option('--priority <priority>', 'only cases of this priority').choices(PRIORITIES))
      .option('--search <text>', 'a part of the title, or a case number')
      .option('--page <n>', 'page number', positiveInteger('--page'), 1)
      .option('--page-size <n>', 'cases per page (at most 100)', positiveInteger('--page-size'), 25),
    ['scamtrail cases list --status open', 'scamtrail cases list --search refund --json'],
  ).action(run((out, options: ListOptions) => listCases(out, options)));

  withExamples(
    cases
      .command('show')
      .description('Show one case')
      .argument('<case>', 'the case id, or its number (12 or #12)'),
    ['scamtrail cases show 12', 'scamtrail cases show 5b0c…-… --json'],
  ).action(run((out, ref: string) => showCase(out, ref)));
}
