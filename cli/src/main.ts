import { Command } from 'commander';
import { authCommands } from './commands/auth';
import { caseCommands } from './commands/cases';
import { entryCommands } from './commands/entries';
import { evidenceCommands } from './commands/evidence';
import { exportCommands } from './commands/export';
import { identifierCommands } from './commands/identifiers';
import { verifyCommand } from './commands/verify';
import { EXIT, type ExitCode } from './errors';
import { processIo, type Io } from './io';
import { addJsonOption, exitCodeOf, runnerFor } from './program';
import { version } from '../package.json';

/** The whole command tree, writing to `io`. */
export function createProgram(io: Io): Command {
  const program = new Command('scamtrail')
    .description('Scamtrail from the command line: cases, identifiers, evidence, exports, signatures')
    .version(version)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      `
Environment:
  SCAMTRAIL_URL         the server, overriding the one login saved
  SCAMTRAIL_TOKEN       a token or an API key, overriding the saved sign-in
  SCAMTRAIL_CONFIG_DIR  where the sign-in and export cursors are kept

Exit codes: 0 done, 1 failed, 2 usage, 3 not signed in, 4 forbidden.

Examples:
  $ scamtrail login --server https://scamtrail.example.org
  $ scamtrail cases list --status open
  $ scamtrail identifiers import bank-export.csv
  $ scamtrail export tail <stream-id> --once --json
`,
    );
  const run = runnerFor(io);
  authCommands(program, run);
  caseCommands(program, run);
  identifierCommands(program, run);
  evidenceCommands(program, run);
  entryCommands(program, run);
  exportCommands(program, run);
  verifyCommand(program, run);
  addJsonOption(program);
  return program;
}

/** Runs the tool on `argv` (without node and the script); answers the exit code. */
export async function main(argv: string[], io: Io = processIo()): Promise<ExitCode> {
  const program = createProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    return exitCodeOf(error, io);
  }
}
