/**
 * Runs before the end-to-end tests: makes sure Chromium is installed. As root on Debian it installs the
 * `chromium` package with apt-get; otherwise it stops with a message that says what to do.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium';

const found = findChromium();
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    [
      'The end-to-end tests need Chromium, and it is not installed.',
      hasApt
        ? 'Install it with: sudo apt-get update && sudo apt-get install -y chromium'
        : 'Install Chromium or Google Chrome with your package manager,',
      'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run npm test again.',
    ].join('\n'),
  );
  process.exit(1);
}

console.log('Chromium is missing: installing the Debian package "chromium" with apt-get…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
} catch (error) {
  console.error(`Installing Chromium with apt-get failed: ${(error as Error).message}`);
  process.exit(1);
}
const installed = findChromium();
if (!installed) {
  console.error('apt-get finished, but no Chromium binary was found at /usr/bin/chromium.');
  process.exit(1);
}
console.log(`Chromium installed: ${installed}`);
