import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { WebApp } from './web-app.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('WebApp', () => {
  it('knows the paths of its route list as React Router matches them', () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'app-routes.json'), JSON.stringify(['/', '/about', '/groups/:groupId', '/a.b']));
    const app = WebApp.load(dist)!;
    expect(app.indexHtml).toBe('<div id="root"></div>');
    for (const known of ['/', '/about', '/About/', '/groups/g-1', '/a.b']) expect({ known, answer: app.knows(known) }).toEqual({ known, answer: true });
    for (const unknown of ['/nope', '/about/more', '/groups', '/groups/g-1/x', '/aXb'])
      expect({ unknown, answer: app.knows(unknown) }).toEqual({ unknown, answer: false });
  });

  it('is absent without a web build, and refuses a build without its route list', () => {
    expect(WebApp.load(null)).toBeNull();
    fs.rmSync(path.join(dist, 'app-routes.json'));
    expect(() => WebApp.load(dist)).toThrow(/app-routes\.json is missing.*npm run build/);
  });
});
