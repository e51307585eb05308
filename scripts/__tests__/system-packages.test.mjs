import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureSystemPackages, found } from '../lib/system-packages.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'system-packages-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const bin = path.join(dir, 'bin');
fs.mkdirSync(bin);
fs.writeFileSync(path.join(bin, 'curl'), '#!/bin/sh\n', { mode: 0o755 });

const needed = [
  { command: '/usr/bin/chromium', pkg: 'chromium' },
  { command: 'curl', pkg: 'curl' },
];

/** A fake system: `present` lists what exists; `installs` says what an apt-get install adds. */
function fakeSystem({ present, isRoot, failing = [] }) {
  const have = new Set(present);
  const calls = [];
  const lines = [];
  const io = {
    isRoot,
    has: (command) => have.has(command),
    log: (line) => lines.push(line),
    error: (line) => lines.push(line),
    run: (label, command, args) => {
      calls.push([command, ...args].join(' '));
      if (failing.includes(args[0])) return false;
      if (args[0] === 'install') {
        for (const pkg of args.filter((arg) => !arg.startsWith('-') && arg !== 'install')) {
          const entry = needed.find((n) => n.pkg === pkg);
          if (entry) have.add(entry.command);
        }
      }
      return true;
    },
  };
  return { io, calls, lines };
}

describe('found', () => {
  it('finds a command in a directory of the given PATH', () => {
    expect(found('curl', bin)).toBe(true);
    expect(found('curl', ['/nonexistent', bin].join(path.delimiter))).toBe(true);
  });

  it('misses a command on no PATH entry, and with an empty PATH', () => {
    expect(found('not-a-real-command-xyz', bin)).toBe(false);
    expect(found('curl', '')).toBe(false);
  });

  it('takes an absolute path as the file itself', () => {
    expect(found(path.join(bin, 'curl'), '')).toBe(true);
    expect(found(path.join(bin, 'chromium'), bin)).toBe(false);
  });
});

describe('ensureSystemPackages', () => {
  it('runs nothing when everything is present', () => {
    const { io, calls } = fakeSystem({ present: ['/usr/bin/chromium', 'curl'], isRoot: true });
    expect(ensureSystemPackages(needed, io)).toBe(true);
    expect(calls).toEqual([]);
  });

  it('as root, updates and installs only the missing packages, then checks again', () => {
    const { io, calls } = fakeSystem({ present: ['curl'], isRoot: true });
    expect(ensureSystemPackages(needed, io)).toBe(true);
    expect(calls).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium']);
  });

  it('as root, installs both when both are missing', () => {
    const { io, calls } = fakeSystem({ present: [], isRoot: true });
    expect(ensureSystemPackages(needed, io)).toBe(true);
    expect(calls.at(-1)).toBe('apt-get install -y -qq chromium curl');
  });

  it('fails, without installing, when apt-get update fails', () => {
    const { io, calls } = fakeSystem({ present: [], isRoot: true, failing: ['update'] });
    expect(ensureSystemPackages(needed, io)).toBe(false);
    expect(calls).toEqual(['apt-get update -qq']);
  });

  it('fails when the install succeeds but the command is still missing', () => {
    const { io } = fakeSystem({ present: ['curl'], isRoot: true });
    const wrong = [{ command: '/usr/bin/chromium', pkg: 'chromium-headless' }, ...needed.slice(1)];
    expect(ensureSystemPackages(wrong, io)).toBe(false);
  });

  it('not as root, installs nothing and prints the command to run', () => {
    const { io, calls, lines } = fakeSystem({ present: ['/usr/bin/chromium'], isRoot: false });
    expect(ensureSystemPackages(needed, io)).toBe(false);
    expect(calls).toEqual([]);
    expect(lines.join('\n')).toContain('sudo apt-get update && sudo apt-get install -y curl');
  });
});
