#!/usr/bin/env node
// Installs what npm cannot: Debian's Chromium for Playwright (it cannot download its own browsers
// here), libsecret's headers so keytar compiles, and gnome-keyring + dbus for the real Secret
// Service the key-vault tests use. Then makes sure keytar is built, since npm skips an optional
// dependency that failed to compile before those headers existed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const packages = [
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium'), why: 'end-to-end tests' },
  { name: 'libsecret-1-dev', present: () => dpkgHas('libsecret-1-dev'), why: 'building keytar' },
  { name: 'gnome-keyring', present: () => existsSync('/usr/bin/gnome-keyring-daemon'), why: 'keychain tests' },
  { name: 'dbus-x11', present: () => existsSync('/usr/bin/dbus-run-session'), why: 'keychain tests' },
];

function dpkgHas(name) {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format syntax
  return spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout?.includes(
    'install ok installed',
  );
}

function run(command, args) {
  execFileSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const missing = packages.filter((pkg) => !pkg.present());
if (missing.length > 0) {
  const names = missing.map((pkg) => pkg.name);
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.warn(`setup: missing system packages: ${missing.map((p) => `${p.name} (${p.why})`).join(', ')}.`);
    console.warn(`setup: install them with: sudo apt-get install -y ${names.join(' ')}`);
  } else {
    console.log(`setup: installing ${names.join(', ')} with apt-get`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names]);
  }
}

function keytarLoads() {
  try {
    require('keytar');
    return true;
  } catch {
    return false;
  }
}

// Before the first install (CI runs this, then `npm ci`) there is nothing to build yet: the install
// builds keytar itself, now that libsecret's headers are present.
const installed = existsSync(new URL('../node_modules', import.meta.url));
if (installed && !keytarLoads() && dpkgHas('libsecret-1-dev')) {
  const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).optionalDependencies
    .keytar;
  console.log('setup: building keytar against libsecret');
  const rebuilt = spawnSync('npm', ['rebuild', 'keytar'], { stdio: 'inherit' });
  if (rebuilt.status !== 0 || !keytarLoads()) {
    run('npm', ['install', '--no-save', `keytar@${version}`]);
  }
}
if (installed && !keytarLoads()) {
  console.warn('setup: keytar is not available; the app keeps keys for the session only.');
}
