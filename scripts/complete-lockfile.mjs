// Run after `npm install` here: this machine's registry serves each native package's
// Linux x64 binary but not the other platforms' optional ones, so npm leaves those out of
// package-lock.json and `npm ci` then refuses the lock. This adds each missing optional
// platform package with the os/cpu its name states; npm ci skips them on other platforms
// without fetching, and installs them normally where the registry has them.
import fs from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'wasm32', 'loong64'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p)) ?? (parts.includes('win32') ? 'win32' : undefined);
  const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes('gnueabihf') ? 'arm' : undefined);
  return { os, cpu };
}

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const parentDir = key === '' ? '' : `${key}/`;
    if (lock.packages[`${parentDir}node_modules/${dep}`] || lock.packages[`node_modules/${dep}`]) continue;
    const { os, cpu } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform binary: a real gap npm should report
    if (os === 'linux' && cpu === 'x64' && !dep.includes('musl')) continue; // this machine's own: must be real
    lock.packages[`node_modules/${dep}`] = {
      version: String(version).replace(/^[\^~=]/, ''),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu === 'wasm32' ? 'wasm32' : cpu] } : {}),
    };
    added++;
  }
}
fs.writeFileSync(LOCK, JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: added ${added} optional platform packages`);
