import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import type { BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';
import { inject } from 'vitest';

/**
 * The checks every page of the browser suite passes, whatever the test does with it: no
 * console error or warning, no uncaught exception, no Content-Security-Policy violation, and
 * no serious or critical axe-core finding. axe-core scans every state a test asks for
 * (`checkPage`: a dialog, a menu, a filled form) and, of the states reached by a navigation
 * (full load or in-app route change) or left open at the end of a test, the first of each page
 * (its path with ids as `:id`) at each width (phone or desktop) in the run: a scan costs a
 * second or more of CPU, and every test that signs in passes /auth and /dashboard.
 */

const SERIOUS = new Set(['serious', 'critical']);
const REPORT_BINDING = '__e2eReportCspViolation';
const SETTLE_LIMIT_MS = 10_000;
// Requests that never finish on purpose (the realtime stream) do not keep a page unsettled.
const LONG_LIVED = new Set(['eventsource', 'websocket']);

type Watch = {
  problems: string[];
  /** Main-frame navigations so far: a scan that fails after one was overtaken, not broken. */
  navigations: number;
  scans: Promise<void>;
  inFlight: Set<Request>;
  allowed: RegExp[];
};

const watches = new Map<Page, Watch>();
const origins = new WeakMap<BrowserContext, string>();

/** Only the portal's own pages are checked; a test double of an outside sign-in page is not the product. */
const isPortalPage = (page: Page) => page.url().startsWith(`${origins.get(page.context()) ?? ''}/`);
const contexts = new Set<BrowserContext>();

/** Declares a console message or CSP violation this page is expected to produce (a test of a failure path). */
export function allowConsoleMessage(page: Page, pattern: RegExp): void {
  watchOf(page).allowed.push(pattern);
}

function watchOf(page: Page): Watch {
  let watch = watches.get(page);
  if (!watch) {
    watch = { problems: [], navigations: 0, scans: Promise.resolve(), inFlight: new Set(), allowed: [] };
    watches.set(page, watch);
  }
  return watch;
}

/** Attaches the checks to the context: every page it opens is watched from its first request. */
export async function watchContext(context: BrowserContext, portalOrigin: string): Promise<void> {
  contexts.add(context);
  origins.set(context, new URL(portalOrigin).origin);
  await context.exposeBinding(REPORT_BINDING, ({ page }, violation: string) => {
    if (!page || !isPortalPage(page)) return;
    const watch = watchOf(page);
    if (!watch.allowed.some((pattern) => pattern.test(violation))) watch.problems.push(`CSP violation on ${page.url()}: ${violation}`);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
    });
  }, REPORT_BINDING);
  context.on('page', watchPage);
  context.on('close', () => contexts.delete(context));
}

function watchPage(page: Page): void {
  const watch = watchOf(page);
  page.on('console', (message) => {
    const problem = isPortalPage(page) ? consoleProblem(page, message) : null;
    if (problem && !watch.allowed.some((pattern) => pattern.test(message.text()))) watch.problems.push(problem);
  });
  page.on('pageerror', (error) => {
    if (isPortalPage(page)) watch.problems.push(`uncaught exception on ${page.url()}: ${error.message}`);
  });
  page.on('request', (request) => {
    if (!LONG_LIVED.has(request.resourceType())) watch.inFlight.add(request);
  });
  page.on('requestfinished', (request) => watch.inFlight.delete(request));
  page.on('requestfailed', (request) => watch.inFlight.delete(request));
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    watch.navigations++;
    queueScan(page, watch);
  });
}

function consoleProblem(page: Page, message: ConsoleMessage): string | null {
  const type = message.type();
  if (type !== 'error' && type !== 'warning') return null;
  const text = message.text();
  const status = /Failed to load resource: the server responded with a status of (\d{3})/.exec(text);
  if (status) {
    // The browser logs every failed answer. An API's 4xx or 503 is an answer the page handles
    // (a wrong password, a lockout, a provider or service that is down), and so is a 404 for
    // the document itself (the not-found page); anything else (a missing script, image or
    // style, a 500) is a defect.
    const code = Number(status[1]);
    const source = message.location().url;
    const isApi = source !== '' && new URL(source).pathname.startsWith('/api/');
    const isDocument = source === page.url();
    if (isApi && ((code >= 400 && code < 500) || code === 503)) return null;
    if (code === 404 && isDocument) return null;
  }
  const kind = /^Refused to /.test(text) ? 'CSP violation' : `console ${type}`;
  return `${kind} on ${page.url()}: ${text}`;
}

function queueScan(page: Page, watch: Watch, always = false): void {
  watch.scans = watch.scans
    .then(() => scanWhenSettled(page, watch, always))
    .catch((error: unknown) => {
      watch.problems.push(`axe-core could not check ${page.url()}: ${String(error)}`);
    });
}

async function scanWhenSettled(page: Page, watch: Watch, always: boolean): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const navigations = watch.navigations;
    try {
      if (!always && page.isClosed()) return;
      if (!always && !firstOfItsKind(page)) return;
      await settle(page, watch);
      await scan(page, watch);
      return;
    } catch (error) {
      if (page.isClosed() || isNavigationRace(error)) return;
      // A navigation that replaced the document mid-scan queued a scan of its own.
      await page.waitForLoadState('domcontentloaded').catch(() => {});
      if (watch.navigations !== navigations) return;
      if (attempt === 2) throw error;
    }
  }
}

function isNavigationRace(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /Execution context was destroyed|Target page, context or browser has been closed|frame was detached|Cannot find context/i.test(text);
}

/** Waits for the document to load and the page's own requests (chunks, API calls) to finish. */
async function settle(page: Page, watch: Watch): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  await page.waitForLoadState('load', { timeout: SETTLE_LIMIT_MS });
  for (;;) {
    // Two animation frames: React commits what the finished requests brought.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (watch.inFlight.size === 0 || Date.now() > deadline) return;
    await Promise.race([page.waitForEvent('requestfinished', { timeout: 1000 }), page.waitForEvent('requestfailed', { timeout: 1000 })]).catch(() => {});
  }
}

async function scan(page: Page, watch: Watch): Promise<void> {
  if (page.isClosed() || !isPortalPage(page)) return;
  const url = page.url();
  // Colours are checked at rest, not halfway through a fade (a grid's new rows, a dialog).
  await page.evaluate(() => {
    const running = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    const done = Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    return Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  const began = performance.now();
  const results = await analyzeUnchanged(page);
  recordScan(url, performance.now() - began);
  for (const violation of results.violations) {
    if (!violation.impact || !SERIOUS.has(violation.impact)) continue;
    const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5);
    const problem = `axe ${violation.impact} "${violation.id}" on ${url}: ${violation.help} (${targets.join(' | ')})`;
    if (!watch.problems.includes(problem)) watch.problems.push(problem);
  }
}

const MUTATED = '__e2eScanOverrun';

/**
 * axe-core reads the page into a tree of its own when a scan begins. A node React adds while the
 * scan runs (a panel opening as its data arrives) is met without its children, so a button looks
 * nameless: findings of a scan the page changed under are checked once more by a scan of the
 * page at rest.
 */
async function analyzeUnchanged(page: Page): Promise<AxeResults> {
  for (let attempt = 1; ; attempt++) {
    await page.evaluate((flag) => {
      const observer = new MutationObserver(() => {
        (window as unknown as Record<string, boolean>)[flag] = true;
        observer.disconnect();
      });
      (window as unknown as Record<string, boolean>)[flag] = false;
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    }, MUTATED);
    const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
    const overrun = await page.evaluate((flag) => (window as unknown as Record<string, boolean>)[flag] === true, MUTATED);
    const serious = results.violations.some((violation) => violation.impact && SERIOUS.has(violation.impact));
    if (!serious || !overrun || attempt === 3) return results;
  }
}

/** The pages (path with ids as `:id`, and width) this run's navigations have had scanned, shared by the files and shards of the run. */
const scannedKinds = new Set<string>();

function firstOfItsKind(page: Page): boolean {
  if (!isPortalPage(page)) return true;
  const width = (page.viewportSize()?.width ?? 1280) < 640 ? 'phone' : 'desktop';
  const kind = `${width} ${new URL(page.url()).pathname.replace(/\/(?:[0-9a-f-]{16,}|\d+)(?=\/|$)/gi, '/:id')}`;
  const file = path.resolve('test-results', `axe-scanned-${inject('runId')}.txt`);
  if (scannedKinds.size === 0 && fs.existsSync(file)) for (const line of fs.readFileSync(file, 'utf8').split('\n')) if (line) scannedKinds.add(line);
  if (scannedKinds.has(kind)) return false;
  scannedKinds.add(kind);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, `${kind}\n`);
  return true;
}

/** Each scan's page and time, for `npm test`'s report of where the browser suite's time goes (test-results/axe-scans.jsonl). */
function recordScan(url: string, ms: number): void {
  const folder = path.resolve('test-results');
  fs.mkdirSync(folder, { recursive: true });
  fs.appendFileSync(path.join(folder, 'axe-scans.jsonl'), `${JSON.stringify({ path: new URL(url).pathname, ms: Math.round(ms) })}\n`);
}

/** Finishes the queued scans of the context's pages, scans their current state and returns what was found. */
export async function checkContext(context: BrowserContext): Promise<string[]> {
  const found: string[] = [];
  for (const page of context.pages()) {
    const watch = watches.get(page);
    if (!watch) continue;
    queueScan(page, watch);
    await watch.scans;
    found.push(...watch.problems);
    watch.problems = [];
  }
  return found;
}

/** Problems of pages already closed, and of every context still open. */
export async function checkAllContexts(): Promise<string[]> {
  const found: string[] = [];
  for (const [page, watch] of watches) {
    if (!page.isClosed()) continue;
    await watch.scans;
    found.push(...watch.problems);
    watches.delete(page);
  }
  for (const context of contexts) found.push(...(await checkContext(context)));
  return found;
}

/** Scans the page as it is now (an open menu, a dialog) and returns everything found on it so far. */
export async function checkPage(page: Page): Promise<string[]> {
  const watch = watchOf(page);
  queueScan(page, watch, true);
  await watch.scans;
  return watch.problems.splice(0);
}
