import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { APP_ROUTES } from '../../web/src/app/app-routes.js';
import { launchBrowser, newPage, portalUrl } from './support/browser.js';

const JS_BUDGET_BYTES = 150 * 1000;

/** A raw GET (fetch would ask for and undo compression itself). */
function get(
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${portalUrl()}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

async function entryScript(): Promise<string> {
  const html = (await get('/')).body.toString();
  return html.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
}

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

describe('compressed, cached static files', () => {
  it('sends the pre-compressed brotli or gzip file the browser accepts, varying on Accept-Encoding', async () => {
    const script = await entryScript();
    const plain = await get(script);
    const brotli = await get(script, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(script, { 'accept-encoding': 'gzip' });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const response of [plain, brotli, gzip]) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(brotli.body.length).toBeLessThan(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('never lets the app page be cached without asking again', async () => {
    for (const pathname of ['/', '/about', '/no-such-page']) {
      expect((await get(pathname)).headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves no source maps, and the bundle does not point at any', async () => {
    const assets = path.resolve('web/dist/assets');
    const map = fs.readdirSync(assets).find((file) => file.endsWith('.js.map'));
    expect(map).toBeDefined();
    const response = await get(`/assets/${map}`);
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('"mappings"');
    expect((await get(await entryScript())).body.toString()).not.toContain('sourceMappingURL');
  });
});

describe('robots.txt and unknown paths', () => {
  it('robots.txt is a real one, not the app page', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body.toString();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).not.toContain('<html');
  });

  it('answers 200 for every path the app has a page for, parameters, any case and a trailing slash included', async () => {
    for (const pathname of ['/', '/about', '/About/', '/auth/callback?code=x', '/groups/some-group', '/integrations/textdrip', '/admin/users']) {
      const response = await get(pathname);
      expect({ pathname, status: response.status }).toEqual({ pathname, status: 200 });
      expect(response.body.toString()).toContain('<div id="root">');
    }
  });

  it('answers 404 with the app page for a path the app does not know, which then shows its not-found page', async () => {
    for (const pathname of ['/no-such-page', '/about/more', '/groups/a/b', '/app-routes.json', '/assets/no-such-chunk.js']) {
      const response = await get(pathname);
      expect({ pathname, status: response.status }).toEqual({ pathname, status: 404 });
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
    expect((await get('/no-such-page', {}, 'HEAD')).status).toBe(404);

    const { context, page } = await newPage(browser);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.text().includes('HydrateFallback')) warnings.push(message.text());
    });
    for (const pathname of ['/no-such-page', '/about', '/groups/some-group']) {
      const response = await page.goto(pathname);
      expect(response!.status()).toBe(pathname === '/no-such-page' ? 404 : 200);
    }
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404' }).waitFor();
    expect(await page.getByText('Oops! Page not found').count()).toBe(1);
    expect(warnings).toEqual([]);
    await context.close();
  });

  it('the route list the server answers 200 for holds only paths the router has a page for', async () => {
    const { context, page } = await newPage(browser);
    for (const route of APP_ROUTES) {
      const pathname = route.replace(/:\w+/g, 'some-id');
      expect((await get(pathname)).status).toBe(200);
      await page.goto(pathname);
      // Signed out, a protected page sends the visitor home: either way a page's heading, never the not-found page's.
      const heading = await page.getByRole('heading', { level: 1 }).first().innerText();
      expect({ pathname, heading }).not.toEqual({ pathname, heading: '404' });
    }
    await context.close();
    // Every page of the app in turn: about 50 page loads, over a minute on a loaded CI machine.
  }, 300_000);
});
