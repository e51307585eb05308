// Debian's Chromium and the flags it needs on these machines (no sandbox as root, and no background
// networking: the machine's closed network refuses those connections). Shared by the e2e tests and
// the page benchmark.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
