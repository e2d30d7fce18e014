import { describe, expect, it } from 'vitest';
import type { Io } from '../io';
import { canOpenBrowser } from './auth';

const io = (env: NodeJS.ProcessEnv, tty = true): Io =>
  ({ stdout: { isTTY: tty }, stderr: { isTTY: tty }, env }) as unknown as Io;

describe('login opens a browser', () => {
  it('in a terminal with a display', () => {
    expect(canOpenBrowser(io({ DISPLAY: ':0' }), 'linux')).toBe(true);
    expect(canOpenBrowser(io({ WAYLAND_DISPLAY: 'wayland-0' }), 'linux')).toBe(true);
    expect(canOpenBrowser(io({}), 'darwin')).toBe(true);
  });

  it('not over SSH, not without a terminal, not on Linux without a display', () => {
    expect(canOpenBrowser(io({ DISPLAY: ':0', SSH_CONNECTION: '10.0.0.1 5000 10.0.0.2 22' }), 'linux')).toBe(
      false,
    );
    expect(canOpenBrowser(io({ SSH_TTY: '/dev/pts/1' }), 'darwin')).toBe(false);
    expect(canOpenBrowser(io({ DISPLAY: ':0' }, false), 'linux')).toBe(false);
    expect(canOpenBrowser(io({}), 'linux')).toBe(false);
    expect(canOpenBrowser(io({ DISPLAY: ':0', CI: 'true' }), 'linux')).toBe(false);
  });
});
