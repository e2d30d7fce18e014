import { Option, type Command } from 'commander';
import { JOURNAL_ENTRY_TYPES } from '@scamtrail/domain/journal-entry-types';
import type { Output } from '../io';
import { withExamples, type Runner } from '../program';
import { requireSession, unwrap } from '../session';
import { findCaseId } from './cases';

interface AddOptions {
  case: string;
  type: (typeof JOURNAL_ENTRY_TYPES)[number];
}

async function addEntry(out: Output, words: string[], options: AddOptions) {
  const session = await requireSession(out.io.env);
  const caseId = await findCaseId(session, options.case);
  const entry = await unwrap(
    session.api.POST('/api/journal-entries', {
      body: { type: options.type, description: words.join(' '), caseId, evidence: null, identifierIds: [] },
    }),
    'Adding the entry',
  );
  if (out.json) out.emit(entry);
  else out.say(`Added ${options.type} entry ${entry.id} to case ${options.case}`);
}

export function entryCommands(program: Command, run: Runner) {
  const entries = program.command('entries').description("Entries of a case's journal");
  withExamples(
    entries
      .command('add')
      .description("Add an entry to a case's journal")
      .argument('<text...>', 'what happened (the words are joined with spaces)')
      .requiredOption('--case <case>', 'the case: its id or number (12 or #12)')
      .addOption(
        new Option('--type <type>', 'the kind of entry').choices(JOURNAL_ENTRY_TYPES).default('note'),
      ),
    [
      'scamtrail entries add --case 12 --type note "Victim sent the bank statement"',
      'scamtrail entries add --case 12 --type call Called the bank fraud line --json',
    ],
  ).action(run((out, words: string[], options: AddOptions) => addEntry(out, words, options)));
}
