// What the tests need that npm does not install (Debian's Chromium and curl), found on the PATH or
// installed with apt-get when missing and running as root. Used by `npm test` (scripts/test.mjs).
import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether a command is on the PATH (an absolute path: whether that file exists).
 * @param {string} command
 * @param {string} [searchPath] the PATH to search (default: this process's)
 */
export function found(command, searchPath = process.env.PATH ?? '') {
  if (path.isAbsolute(command)) return fs.existsSync(command);
  return searchPath.split(path.delimiter).some((dir) => dir !== '' && fs.existsSync(path.join(dir, command)));
}

/**
 * Makes sure each `{ command, pkg }` is present. Missing ones are installed from Debian when running as
 * root (`apt-get update`, then `apt-get install` of the missing packages only); otherwise it prints the
 * command to run and returns false. Returns whether every command is present afterwards.
 * @param {{ command: string, pkg: string }[]} needed
 * @param {{ run: (label: string, command: string, args: string[], options?: object) => boolean,
 *   isRoot?: boolean, has?: (command: string) => boolean, log?: (line: string) => void,
 *   error?: (line: string) => void }} io
 */
export function ensureSystemPackages(needed, io) {
  const has = io.has ?? ((command) => found(command));
  const isRoot = io.isRoot ?? (typeof process.getuid === 'function' && process.getuid() === 0);
  const log = io.log ?? console.log;
  const error = io.error ?? console.error;
  const missing = [...new Set(needed.filter(({ command }) => !has(command)).map(({ pkg }) => pkg))];
  if (missing.length === 0) return true;
  if (!isRoot) {
    error(`Missing: ${missing.join(', ')}. Install with:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
    return false;
  }
  log(`Missing: ${missing.join(', ')}: installing Debian's packages.`);
  return (
    io.run('apt-get update', 'apt-get', ['update', '-qq']) &&
    io.run(`install ${missing.join(' ')}`, 'apt-get', ['install', '-y', '-qq', ...missing], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }) &&
    needed.every(({ command }) => has(command))
  );
}
