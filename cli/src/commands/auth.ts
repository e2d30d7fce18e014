import type { Command } from 'commander';
import open from 'open';
import * as oidc from 'openid-client';
import ora from 'ora';
import qrcode from 'qrcode-terminal';
import { deleteCredentials, readCredentials, saveCredentials } from '../config';
import { deviceGrantConfig } from '../oauth';
import { apiError, CliError, EXIT } from '../errors';
import { isInteractive, type Io, type Output } from '../io';
import { apiClientFor, normaliseServer, requireSession, sessionFromCredentials, unwrap } from '../session';
import { withExamples, type Runner } from '../program';

export { CLIENT_ID } from '../oauth';

/** Whether `login` may open a browser here: a terminal, not over SSH, with a display on Linux. */
export function canOpenBrowser(io: Io, platform = process.platform): boolean {
  const env = io.env;
  if (!isInteractive(io) || env.SSH_CONNECTION || env.SSH_CLIENT || env.SSH_TTY) return false;
  if (platform === 'linux') return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  return true;
}

function qrCodeOf(text: string): Promise<string> {
  return new Promise((resolve) => qrcode.generate(text, { small: true }, resolve));
}

/** RFC 8628's error codes, as a person reads them. */
function grantFailure(error: unknown): CliError {
  if (error instanceof CliError) return error;
  const code = (error as { error?: string }).error;
  const description = (error as { error_description?: string }).error_description;
  if (code === 'access_denied') return new CliError('Sign-in denied in the browser', EXIT.notSignedIn);
  if (code === 'expired_token') {
    return new CliError(
      'The code expired before it was approved: run "scamtrail login" again',
      EXIT.notSignedIn,
    );
  }
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  const detail = description ?? code ?? cause ?? (error as Error).message;
  return new CliError(`Sign-in failed: ${detail}`);
}

async function login(out: Output, options: { server?: string; scope?: string; browser: boolean }) {
  const { env } = out.io;
  const saved = await readCredentials(env);
  const serverInput = options.server ?? env.SCAMTRAIL_URL ?? saved?.server;
  if (!serverInput) throw CliError.usage('Which server? Pass --server URL (or set SCAMTRAIL_URL)');
  const server = normaliseServer(serverInput);
  const config = deviceGrantConfig(server);

  let authorization: oidc.DeviceAuthorizationResponse;
  try {
    authorization = await oidc.initiateDeviceAuthorization(
      config,
      options.scope ? { scope: options.scope } : {},
    );
  } catch (error) {
    throw grantFailure(error);
  }
  const { user_code: code, verification_uri: uri } = authorization;
  const complete = authorization.verification_uri_complete ?? uri;
  if (out.json) {
    out.emit({
      userCode: code,
      verificationUri: uri,
      verificationUriComplete: complete,
      expiresIn: authorization.expires_in,
    });
  }
  const interactive = isInteractive(out.io);
  out.note(`To sign in, open ${uri} and enter the code ${code}`);
  if (interactive && !out.json) out.note(`\n${await qrCodeOf(complete)}`);
  if (options.browser && canOpenBrowser(out.io)) {
    out.note(`Opening ${complete} in your browser...`);
    // Not awaited past the launch: a browser that fails to start leaves the code and URL above.
    await open(complete).catch(() => out.note('Could not open a browser: open the URL above.'));
  }

  const spinner = ora({
    text: 'Waiting for approval in the browser',
    stream: out.io.stderr,
    isEnabled: interactive && !out.json,
    isSilent: out.json,
  }).start();
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once('SIGINT', stop);
  let tokens: Awaited<ReturnType<typeof oidc.pollDeviceAuthorizationGrant>>;
  try {
    tokens = await oidc.pollDeviceAuthorizationGrant(config, authorization, undefined, {
      signal: abort.signal,
    });
  } catch (error) {
    spinner.fail('Not signed in');
    if (abort.signal.aborted) throw new CliError('Sign-in cancelled', EXIT.notSignedIn);
    throw grantFailure(error);
  } finally {
    process.removeListener('SIGINT', stop);
  }
  const token = tokens.access_token;
  const me = await unwrap(apiClientFor(server, token).GET('/api/auth/me'), 'Reading who signed in');
  const user = { email: me.email, name: `${me.firstName} ${me.lastName}`.trim() };
  const expiresIn = tokens.expiresIn();
  await saveCredentials(env, {
    server,
    token,
    ...(expiresIn ? { expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString() } : {}),
    ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
    user,
    savedAt: new Date().toISOString(),
  });
  spinner.succeed(`Signed in to ${server} as ${user.name} <${user.email}>`);
  if (out.json) out.emit({ signedIn: true, server, user });
  else if (!interactive) out.say(`Signed in to ${server} as ${user.name} <${user.email}>`);
  if (env.SCAMTRAIL_TOKEN) out.note('Note: SCAMTRAIL_TOKEN is set and overrides the saved sign-in.');
}

async function logout(out: Output) {
  const { env } = out.io;
  const saved = await readCredentials(env);
  let revoked = false;
  if (saved) {
    // An access token past its hour is renewed first: the session it belongs to is what ends.
    const api = sessionFromCredentials(env, saved).api;
    let answer;
    try {
      answer = await api.POST('/api/auth/logout', { body: {} });
    } catch (failure) {
      // Its refresh token refused: the session has ended already.
      if (!(failure instanceof CliError) || failure.exitCode !== EXIT.notSignedIn) throw failure;
      answer = { response: new Response(null, { status: 401 }), error: undefined };
    }
    const { response, error } = answer;
    // A session already ended or revoked is what logout wants: only other failures stop it.
    if (!response.ok && response.status !== 401) throw apiError(response.status, error, 'Signing out');
    revoked = response.ok;
  }
  const deleted = await deleteCredentials(env);
  if (out.json) out.emit({ signedOut: deleted, revoked, server: saved?.server ?? null });
  else if (saved)
    out.say(`Signed out of ${saved.server}${revoked ? '' : ' (the session had already ended)'}`);
  else out.say('Not signed in: nothing to sign out of');
  if (env.SCAMTRAIL_TOKEN)
    out.note('SCAMTRAIL_TOKEN is still set: an API key is revoked on its automation page.');
}

async function whoami(out: Output) {
  const session = await requireSession(out.io.env);
  const me = await unwrap(session.api.GET('/api/auth/me'), 'Reading who you are');
  if (out.json) {
    out.emit({ server: session.server, tokenFrom: session.source, user: me });
    return;
  }
  out.say(`${me.firstName} ${me.lastName} <${me.email}> on ${session.server}`);
  out.say(`Role: ${me.role}`);
}

export function authCommands(program: Command, run: Runner) {
  withExamples(
    program
      .command('login')
      .description('Sign in through the browser (device authorization) and save the token')
      .option('--server <url>', 'the Scamtrail server (default: SCAMTRAIL_URL, then the last one used)')
      .option('--scope <permissions>', 'ask for fewer permissions than yours (space-separated)')
      .option('--no-browser', 'do not open a browser; print the code and URL only'),
    ['scamtrail login --server https://scamtrail.example.org', 'scamtrail login --no-browser'],
  ).action(run((out, options: { server?: string; scope?: string; browser: boolean }) => login(out, options)));

  withExamples(
    program.command('logout').description('Revoke the saved session on the server and delete it here'),
    ['scamtrail logout'],
  ).action(run((out) => logout(out)));

  withExamples(
    program.command('whoami').description('Show who the saved sign-in (or SCAMTRAIL_TOKEN) acts as'),
    ['scamtrail whoami', 'scamtrail whoami --json'],
  ).action(run((out) => whoami(out)));
}
