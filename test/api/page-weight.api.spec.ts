import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { portalUrl } from '../support/portal/portal.js';

// The JavaScript a first visit of each page fetches, as the server sends it (brotli, or gzip for a
// browser without brotli), against a budget per page with some headroom over what the pages need
// now: a page that grows past it has taken in something that should load when it is needed.
// What a browser does with these files is measured by Lighthouse (bench/README.md); the home
// page's weight as a browser fetches it is also checked in test/e2e/page-weight.e2e.spec.ts.

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The signed-in pages' layout (sidebar, top bar), a chunk of its own the router loads with each of them. */
const SIGNED_IN_LAYOUT = 'src/app/app-shell.tsx';

/**
 * Each page, the chunks the router loads for a first visit of it (web/src/app/router.tsx), and its
 * budget of JavaScript: brotli KB (1,000 bytes) and files.
 */
const PAGES: { path: string; modules: string[]; brotliKb: number; files: number }[] = [
  { path: '/', modules: ['src/features/home/home-page.tsx'], brotliKb: 130, files: 8 },
  { path: '/profile', modules: [SIGNED_IN_LAYOUT, 'src/app/profile-page.tsx'], brotliKb: 165, files: 12 },
  { path: '/dashboard', modules: [SIGNED_IN_LAYOUT, 'src/features/dashboard/dashboard-page.tsx'], brotliKb: 155, files: 12 },
  { path: '/my-tickets', modules: [SIGNED_IN_LAYOUT, 'src/features/support/my-tickets-page.tsx'], brotliKb: 160, files: 13 },
  { path: '/weeks-et', modules: ['src/features/training/training-schedule-page.tsx'], brotliKb: 150, files: 10 },
  { path: '/resources', modules: ['src/features/resources/resources-page.tsx'], brotliKb: 140, files: 10 },
];

/** What is below the fold or behind a click on those pages: chunks of their own, loaded when they are needed. */
const ON_DEMAND = [
  'src/features/profile/components/investment-chart.tsx',
  'src/features/profile/components/edit-profile-dialog.tsx',
  'src/features/announcements/components/announcement-dialog.tsx',
  'src/components/charts/daily-chart.tsx',
  'src/features/dashboard/components/campaign-cost-chart.tsx',
  'src/features/auth/components/sat-leader-gate.tsx',
  'src/features/access/components/access-code-dialog.tsx',
  'src/features/support/components/help-request-dialog.tsx',
];

/** The large libraries those chunks bring, which the pages' first loads leave out. */
const LIBRARIES_ON_DEMAND = [
  { library: 'the chart library', module: 'src/features/profile/components/investment-chart.tsx', page: '/profile', atLeastKb: 50 },
  { library: 'the chart library', module: 'src/components/charts/daily-chart.tsx', page: '/dashboard', atLeastKb: 50 },
  { library: 'the phone number formats', module: 'src/features/profile/components/edit-profile-dialog.tsx', page: '/profile', atLeastKb: 15 },
];

/** A raw GET, so the body is measured as it travels (fetch would undo the compression). */
function get(pathname: string, encoding: 'br' | 'gzip' | 'identity'): Promise<{ status: number; encoding: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${portalUrl()}${pathname}`, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, encoding: response.headers['content-encoding'] as string | undefined, bytes: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const manifest: Manifest = JSON.parse(fs.readFileSync(path.resolve('web/dist/.vite/manifest.json'), 'utf8')) as Manifest;
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;

/** The files a first load of these chunks fetches: each with every chunk it imports statically (the bundler's preload list). */
function firstLoad(keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    expect({ key, inManifest: key in manifest }).toEqual({ key, inManifest: true });
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...new Set([...seen].map((key) => manifest[key]!.file))].filter((file) => file.endsWith('.js'));
}

const sizes = new Map<string, { brotli: number; gzip: number; raw: number }>();
async function sizeOf(file: string) {
  if (!sizes.has(file)) {
    const [brotli, gzip, raw] = await Promise.all([get(`/${file}`, 'br'), get(`/${file}`, 'gzip'), get(`/${file}`, 'identity')]);
    for (const answer of [brotli, gzip, raw]) expect({ file, status: answer.status }).toEqual({ file, status: 200 });
    sizes.set(file, { brotli: brotli.bytes.length, gzip: gzip.bytes.length, raw: raw.bytes.length });
  }
  return sizes.get(file)!;
}

let servedEntry: string;
beforeAll(async () => {
  const page = await get('/', 'identity');
  servedEntry = page.bytes.toString().match(/<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/)![1]!;
});

describe('JavaScript a first visit of each page fetches', () => {
  it('starts from the entry the served page names, and names only chunks the router loads', () => {
    expect(servedEntry).toBe(manifest[entryKey]!.file);
    const router = fs.readFileSync(path.resolve('web/src/app/router.tsx'), 'utf8');
    for (const module of new Set(PAGES.flatMap((page) => page.modules))) {
      const specifier = path.relative('src/app', module.replace(/\.tsx?$/, ''));
      expect({ module, lazyInRouter: router.includes(`import('${specifier.startsWith('.') ? specifier : `./${specifier}`}')`) }).toEqual({
        module,
        lazyInRouter: true,
      });
    }
  });

  for (const page of PAGES) {
    it(`${page.path}: at most ${page.brotliKb} KB brotli in ${page.files} files, none of what loads on demand`, async () => {
      const files = firstLoad([entryKey, ...page.modules]);
      const total = { brotli: 0, gzip: 0, raw: 0 };
      for (const file of files) {
        const size = await sizeOf(file);
        total.brotli += size.brotli;
        total.gzip += size.gzip;
        total.raw += size.raw;
      }
      console.log(
        `${page.path} first load: ${files.length} files, ${(total.brotli / 1000).toFixed(1)} KB brotli, ${(total.gzip / 1000).toFixed(1)} KB gzip, ${(total.raw / 1000).toFixed(1)} KB uncompressed`,
      );
      expect(total.brotli).toBeLessThanOrEqual(page.brotliKb * 1000);
      // gzip is about 15 % larger than brotli here: a browser without brotli stays near the budget too.
      expect(total.gzip).toBeLessThanOrEqual(page.brotliKb * 1000 * 1.2);
      expect(files.length).toBeLessThanOrEqual(page.files);

      const firstLoadFiles = new Set(files);
      for (const module of ON_DEMAND) {
        expect({ page: page.path, module, inFirstLoad: firstLoadFiles.has(manifest[module]!.file) }).toEqual({ page: page.path, module, inFirstLoad: false });
      }
    });
  }

  for (const { library, module, page, atLeastKb } of LIBRARIES_ON_DEMAND) {
    it(`${page}: ${library} (at least ${atLeastKb} KB brotli) loads only when needed`, async () => {
      const pageModules = PAGES.find((candidate) => candidate.path === page)!.modules;
      const onFirstLoad = new Set(firstLoad([entryKey, ...pageModules]));
      const later = firstLoad([entryKey, module]).filter((file) => !onFirstLoad.has(file));
      const heaviest = Math.max(...(await Promise.all(later.map(async (file) => (await sizeOf(file)).brotli))));
      expect(heaviest, `the largest file loaded later for ${library} on ${page}`).toBeGreaterThanOrEqual(atLeastKb * 1000);
    });
  }
});
