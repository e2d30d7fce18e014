/**
 * Exit codes of every command (docs/cli.md): 0 done, 1 failed, 2 wrong usage (or a file that cannot
 * be read as what the command takes), 3 not signed in, 4 forbidden.
 */
export const EXIT = { ok: 0, failure: 1, usage: 2, notSignedIn: 3, forbidden: 4 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error a command reports on stderr, ending the process with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failure,
  ) {
    super(message);
    this.name = 'CliError';
  }

  static usage(message: string): CliError {
    return new CliError(message, EXIT.usage);
  }

  static notSignedIn(
    message = 'Not signed in: run "scamtrail login --server URL" or set SCAMTRAIL_TOKEN',
  ): CliError {
    return new CliError(message, EXIT.notSignedIn);
  }
}

/** The server's error answer: `{ error: { code, message, details } }`. */
interface ApiErrorBody {
  error?: { code?: string; message?: string; details?: { fields?: { field: string; message: string }[] } };
}

/** The CliError an HTTP error answer becomes: 401 not signed in (3), 403 forbidden (4), else failure (1). */
export function apiError(status: number, body: unknown, what: string): CliError {
  const error = (body as ApiErrorBody | undefined)?.error;
  const message = error?.message ?? `HTTP ${status}`;
  if (status === 401) {
    return CliError.notSignedIn(
      `Not signed in: ${message}. Run "scamtrail login" (or check SCAMTRAIL_TOKEN).`,
    );
  }
  if (status === 403) return new CliError(`Forbidden: ${message}`, EXIT.forbidden);
  return new CliError(`${what} failed (${status}): ${message}`, EXIT.failure);
}
