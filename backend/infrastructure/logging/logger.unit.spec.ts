import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readableLogs } from './logger';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * What a person starting the server sees (issue 48 item 16): readable lines at a terminal in
 * development, JSON lines everywhere else. The child runs in a pseudo-terminal (util-linux
 * `script`) when `terminal` is set, so its stdout is a TTY as in a developer's shell.
 */
function logLines(nodeEnv: string, terminal: boolean): string {
  const command = `${process.execPath} --import tsx tests/support/log-lines-child.ts`;
  const { stdout, status, stderr } = terminal
    ? spawnSync('script', ['-qec', command, '/dev/null'], { cwd: root, env: { ...process.env, NODE_ENV: nodeEnv }, encoding: 'utf8' })
    : spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/log-lines-child.ts'], { cwd: root, env: { ...process.env, NODE_ENV: nodeEnv }, encoding: 'utf8' });
  expect(status, stderr).toBe(0);
  // Colours and the terminal's carriage returns aside.
  return stripVTControlCharacters(stdout).replace(/\r/g, '');
}

describe('log lines', () => {
  it('are readable only in development at a terminal', () => {
    expect(readableLogs('development', { isTTY: true })).toBe(true);
    expect(readableLogs('development', { isTTY: false })).toBe(false);
    expect(readableLogs('development', {})).toBe(false);
    expect(readableLogs('production', { isTTY: true })).toBe(false);
    expect(readableLogs('test', { isTTY: true })).toBe(false);
  });

  it('in development at a terminal: time, level and message on one line, secrets still redacted', () => {
    const lines = logLines('development', true).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: server listening \{"port":3000,"password":"\[Redacted\]"\}$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: slow request completed$/);
  }, 30_000);

  it('in production at a terminal, and in development piped to a file or collector: JSON lines', () => {
    for (const output of [logLines('production', true), logLines('development', false)]) {
      const lines = output.trim().split('\n').map((line) => JSON.parse(line));
      expect(lines).toMatchObject([
        { level: 30, service: 'skilly', port: 3000, password: '[Redacted]', msg: 'server listening' },
        { level: 40, msg: 'slow request completed' },
      ]);
    }
  }, 30_000);
});
