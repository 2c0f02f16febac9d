import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { APP_ROUTES } from '../../web/src/app/app-routes.js';
import { portalUrl } from '../support/portal/portal.js';

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

  it('answers 200 with the app page for every path the app has a page for, parameters, any case and a trailing slash included', async () => {
    for (const pathname of ['/', '/about', '/About/', '/auth/callback?code=x', '/groups/some-group', '/integrations/textdrip', '/admin/users']) {
      const response = await get(pathname);
      expect({ pathname, status: response.status }).toEqual({ pathname, status: 200 });
      expect(response.body.toString()).toContain('<div id="root">');
    }
  });

  it('answers 404 with an HTML page, to GET and HEAD, for a path the app does not know', async () => {
    for (const pathname of ['/no-such-page', '/about/more', '/groups/a/b', '/app-routes.json', '/assets/no-such-chunk.js']) {
      const response = await get(pathname);
      expect({ pathname, status: response.status }).toEqual({ pathname, status: 404 });
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
    expect((await get('/no-such-page', {}, 'HEAD')).status).toBe(404);
  });

  it('answers 200 for every path of the route list (whose pages the router has: web/src/app/router.spec.tsx)', async () => {
    for (const route of APP_ROUTES) {
      const pathname = route.replace(/:\w+/g, 'some-id');
      expect({ pathname, status: (await get(pathname)).status }).toEqual({ pathname, status: 200 });
    }
  });
});
