import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage } from './support/browser.js';

// What the server sends for each file (encodings, cache headers, robots.txt, unknown paths) is
// proved over HTTP in test/api/static-files.api.spec.ts; only what a browser fetches needs one.

const JS_BUDGET_BYTES = 150 * 1000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('page weight of the public home page', () => {
  it(`loads at most ${JS_BUDGET_BYTES / 1000} KB of JavaScript on the wire, brotli-compressed, and none of the signed-in areas' code`, async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const scripts: { url: string; bytes: Promise<number> }[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push({
        url: request.url(),
        bytes: request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize),
      });
    });
    const encodings = new Map<string, Promise<{ encoding: string | undefined; large: boolean }>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      // The build compresses files of 1 KB and more; smaller ones gain nothing.
      encodings.set(
        response.url(),
        Promise.all([response.allHeaders(), response.body()]).then(([headers, body]) => ({
          encoding: headers['content-encoding'],
          large: body.length >= 1024,
        })),
      );
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome to the Agent Portal' }).waitFor();
    await page.waitForLoadState('networkidle');

    const total = (await Promise.all(scripts.map((script) => script.bytes))).reduce((sum, bytes) => sum + bytes, 0);
    expect(scripts.length).toBeGreaterThan(1);
    console.log(`home page JavaScript on the wire: ${total} bytes in ${scripts.length} files`);
    expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    for (const script of scripts) {
      const { encoding, large } = await encodings.get(script.url)!;
      if (large) expect({ url: script.url, encoding }).toEqual({ url: script.url, encoding: 'br' });
      expect(script.url).not.toMatch(/data-grid|app-shell|user-menu|users-page|security-page|access-code-dialog|sat-leader-gate|assistant-dialog/);
    }
    await context.close();
  });
});
