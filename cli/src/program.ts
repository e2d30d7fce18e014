import { Command, CommanderError } from 'commander';
import { CliError, EXIT, type ExitCode } from './errors';
import { outputFor, type Io, type Output } from './io';

/** Wraps a command's action: gives it the Output its --json asks for; errors are thrown to `main`. */
export type Runner = <A extends unknown[]>(
  action: (out: Output, ...args: A) => Promise<void>,
) => (...args: unknown[]) => Promise<void>;

export function runnerFor(io: Io): Runner {
  return (action) =>
    async (...args) => {
      const command = args.at(-1) as Command;
      const json = Boolean(command.opts().json);
      await action(outputFor(io, json), ...(args.slice(0, -1) as never));
    };
}

/** Adds an "Examples:" block to a command's --help. */
export function withExamples(command: Command, examples: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}\n`);
}

/** Every command that does something (no subcommands) takes --json. */
export function addJsonOption(command: Command): void {
  if (command.commands.length === 0) {
    command.option('--json', 'print JSON only on stdout (messages and progress go to stderr)');
    return;
  }
  for (const sub of command.commands) addJsonOption(sub);
}

/** The exit code of a failure, and its message on stderr. */
export function exitCodeOf(error: unknown, io: Io): ExitCode {
  if (error instanceof CommanderError) {
    // Commander printed the help or the usage error itself.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
    return EXIT.usage;
  }
  if (error instanceof CliError) {
    io.stderr.write(`scamtrail: ${error.message}\n`);
    return error.exitCode;
  }
  io.stderr.write(`scamtrail: ${(error as Error)?.stack ?? String(error)}\n`);
  return EXIT.failure;
}
