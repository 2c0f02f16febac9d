import fs from 'node:fs';
import path from 'node:path';

/** The built web app as the server answers with it: its page, and the paths its router knows. */
export class WebApp {
  private constructor(
    readonly indexHtml: string,
    private readonly routes: readonly RegExp[],
  ) {}

  /** Null when the web app is not built (API-only runs); the route list comes from the build's app-routes.json. */
  static load(webDist: string | null): WebApp | null {
    const index = webDist ? path.join(webDist, 'index.html') : null;
    if (!webDist || !index || !fs.existsSync(index)) return null;
    const manifest = path.join(webDist, 'app-routes.json');
    if (!fs.existsSync(manifest)) throw new Error(`${manifest} is missing: the web app was built by an older version. Run npm run build.`);
    const patterns = JSON.parse(fs.readFileSync(manifest, 'utf8')) as string[];
    return new WebApp(fs.readFileSync(index, 'utf8'), patterns.map(routeRegExp));
  }

  /** Whether the app has a page at this path, matched as React Router does (any case, an optional trailing slash). */
  knows(pathname: string): boolean {
    return this.routes.some((route) => route.test(pathname));
  }
}

function routeRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}
