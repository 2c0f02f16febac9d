import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LookupFunction } from './fenced-lookup.js';
import { NOTHING_ALLOWED, parseOutboundAllow } from './outbound-allow.js';
import { OutboundError, OutboundRefused } from './outbound-errors.js';
import { OutboundHttp, type OutboundResponse } from './outbound-http.js';

const allow127 = parseOutboundAllow(['127.0.0.1'])!;

/** A stand-in DNS: every name resolves to the addresses given here. */
const resolvingTo =
  (...addresses: string[]): LookupFunction =>
  (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

async function refusal(call: Promise<OutboundResponse>): Promise<OutboundError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe('the outbound fence, against servers on 127.0.0.1', () => {
  let server: http.Server;
  let base: string;
  const hits: string[] = [];

  const connections: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      connections.push(`${req.socket.remotePort}`);
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/ok') {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ got: body, auth: req.headers.authorization ?? null })),
        );
      } else if (url.pathname === '/redirect') {
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/ok' }).end();
      } else if (url.pathname === '/loop') {
        res.writeHead(307, { location: '/loop' }).end();
      } else if (url.pathname === '/slow') {
        setTimeout(() => res.writeHead(200).end('late'), 3_000).unref();
      } else if (url.pathname === '/trickle') {
        res.writeHead(200);
        const timer = setInterval(() => res.write('x'), 50).unref();
        res.on('close', () => clearInterval(timer));
      } else if (url.pathname === '/huge') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 50 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => (sent = Infinity));
        pump();
      } else {
        res.writeHead(404).end('no such page');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses 127.0.0.1 when OUTBOUND_ALLOW does not name it, before sending anything', async () => {
    hits.length = 0;
    const client = new OutboundHttp({ allow: NOTHING_ALLOWED, timeoutMs: 5_000 });
    const error = await refusal(client.request({ url: `${base}/ok`, method: 'POST', body: 'lead' }));
    expect(error).toBeInstanceOf(OutboundRefused);
    expect(error.message).toBe('Refused: the address 127.0.0.1 is a loopback address (this machine)');
    expect(hits).toEqual([]);
  });

  it('calls 127.0.0.1 when OUTBOUND_ALLOW names it, and reports status, body, address and duration', async () => {
    const client = new OutboundHttp({ allow: allow127, timeoutMs: 5_000 });
    const response = await client.request({ url: `${base}/ok`, method: 'POST', body: 'lead', headers: { authorization: 'Bearer k' } });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual({ got: 'lead', auth: 'Bearer k' });
    expect(response.preview).toBe(response.body.toString());
    expect(response.address).toBe('127.0.0.1');
    expect(response.truncated).toBe(false);
    expect(response.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps the connection to an endpoint open for the next call, and a timed-out call does not hand its connection on', async () => {
    const client = new OutboundHttp({ allow: allow127, timeoutMs: 1_000 });
    try {
      const before = connections.length;
      for (let i = 0; i < 3; i++) expect((await client.request({ url: `${base}/ok`, method: 'POST', body: `lead ${i}` })).status).toBe(200);
      expect(new Set(connections.slice(before)).size).toBe(1);
      await expect(client.request({ url: `${base}/slow` })).rejects.toMatchObject({ code: 'timeout' });
      const after = await client.request({ url: `${base}/ok`, method: 'POST', body: 'after' });
      expect(JSON.parse(after.body.toString())).toMatchObject({ got: 'after' });
      // A refusal still comes before a byte is sent, pooled connections or not.
      const refusing = new OutboundHttp({ allow: NOTHING_ALLOWED, timeoutMs: 1_000 });
      const hitsBefore = hits.length;
      await expect(refusing.request({ url: `${base}/ok` })).rejects.toBeInstanceOf(OutboundRefused);
      expect(hits.length).toBe(hitsBefore);
    } finally {
      client.close();
    }
  });

  it('refuses private, metadata, loopback IPv6 and unspecified addresses in the URL', async () => {
    const client = new OutboundHttp({ allow: allow127, timeoutMs: 5_000 });
    expect((await refusal(client.request({ url: 'http://10.0.0.1/hook' }))).message).toBe('Refused: the address 10.0.0.1 is a private network address');
    expect((await refusal(client.request({ url: 'http://169.254.169.254/latest/meta-data/' }))).message).toBe(
      'Refused: the address 169.254.169.254 is the cloud metadata address',
    );
    expect((await refusal(client.request({ url: 'http://[::1]:9/' }))).message).toBe('Refused: the address ::1 is a loopback address (this machine)');
    expect((await refusal(client.request({ url: 'http://[::ffff:10.0.0.5]/' }))).message).toMatch(
      /^Refused: the address ::ffff:a00:5 is a private network address/,
    );
    expect((await refusal(client.request({ url: 'http://0.0.0.0:80/' }))).code).toBe('refused_address');
    expect((await refusal(client.request({ url: 'http://100.64.0.1/' }))).message).toContain('carrier-grade NAT');
    expect((await refusal(client.request({ url: 'http://[fd00::1]/' }))).message).toContain('unique local');
    expect((await refusal(client.request({ url: 'http://[fe80::1]/' }))).message).toContain('link-local');
  });

  it('refuses a host name resolving to 127.0.0.1 (localhost, and a name a stand-in DNS points there) unless allowed', async () => {
    const port = new URL(base).port;
    const plain = new OutboundHttp({ allow: NOTHING_ALLOWED, timeoutMs: 5_000 });
    expect((await refusal(plain.request({ url: `http://localhost:${port}/ok` }))).message).toMatch(
      /^Refused: the address (127\.0\.0\.1|::1) \(localhost resolves to it\) is a loopback address/,
    );
    const rebinding = new OutboundHttp({ allow: NOTHING_ALLOWED, timeoutMs: 5_000, resolve: resolvingTo('127.0.0.1') });
    const error = await refusal(rebinding.request({ url: `http://crm.example.com:${port}/ok` }));
    expect(error.message).toBe('Refused: the address 127.0.0.1 (crm.example.com resolves to it) is a loopback address (this machine)');
    // Allowed by address: the name resolves to 127.0.0.1, which OUTBOUND_ALLOW names.
    const allowed = new OutboundHttp({ allow: allow127, timeoutMs: 5_000, resolve: resolvingTo('127.0.0.1') });
    expect((await allowed.request({ url: `http://crm.example.com:${port}/ok` })).status).toBe(200);
    // Allowed by name.
    const byName = new OutboundHttp({ allow: parseOutboundAllow(['crm.internal'])!, timeoutMs: 5_000, resolve: resolvingTo('127.0.0.1') });
    expect((await byName.request({ url: `http://crm.internal:${port}/ok` })).status).toBe(200);
  });

  it('tells a form whether an address would be refused: by the address in it or by every address its name resolves to now', async () => {
    const client = new OutboundHttp({ allow: allow127, timeoutMs: 5_000, resolve: resolvingTo('10.0.0.7') });
    expect(await client.refusalOf('http://10.1.2.3/hook')).toMatchObject({ reason: 'private', address: '10.1.2.3' });
    expect(await client.refusalOf('http://169.254.169.254/latest')).toMatchObject({ reason: 'metadata' });
    expect(await client.refusalOf('http://[::1]:8080/')).toMatchObject({ reason: 'loopback' });
    expect(await client.refusalOf('https://crm.internal/hook')).toMatchObject({ reason: 'private', address: '10.0.0.7', hostname: 'crm.internal' });
    expect(await client.refusalOf('http://127.0.0.1:9/hook')).toBeNull(); // allowed here, as OUTBOUND_ALLOW says
    const mixed = new OutboundHttp({ allow: allow127, timeoutMs: 5_000, resolve: resolvingTo('10.0.0.1', '93.184.216.34') });
    expect(await mixed.refusalOf('https://crm.example.com/hook')).toBeNull();
    const unknown = new OutboundHttp({
      allow: allow127,
      timeoutMs: 5_000,
      resolve: (_host, _options, callback) => callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []),
    });
    expect(await unknown.refusalOf('https://not-yet.example.com/hook')).toBeNull();
    expect(await client.refusalOf('not a url')).toBeNull();
  });

  it('connects only to an allowed address when a name resolves to private and public ones', async () => {
    const port = new URL(base).port;
    const client = new OutboundHttp({ allow: allow127, timeoutMs: 5_000, resolve: resolvingTo('10.0.0.1', '127.0.0.1') });
    const response = await client.request({ url: `http://mixed.example.com:${port}/ok` });
    expect(response.address).toBe('127.0.0.1');
  });

  it('refuses a redirect to a private address, and follows an allowed one by hand', async () => {
    const client = new OutboundHttp({ allow: allow127, timeoutMs: 5_000 });
    const error = await refusal(client.request({ url: `${base}/redirect?to=${encodeURIComponent('http://10.0.0.5/admin')}` }));
    expect(error.message).toBe('Refused: the address 10.0.0.5 is a private network address');
    const metadata = await refusal(client.request({ url: `${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/')}` }));
    expect(metadata.code).toBe('refused_address');
    const followed = await client.request({ url: `${base}/redirect?to=/ok`, method: 'POST', body: 'x' });
    expect(followed.status).toBe(200);
    expect(followed.redirects).toEqual([`${base}/ok`]);
    expect(JSON.parse(followed.body.toString()).got).toBe('');
    const notFollowed = await client.request({ url: `${base}/redirect?to=/ok`, maxRedirects: 0 });
    expect(notFollowed.status).toBe(302);
    expect((await refusal(client.request({ url: `${base}/loop` }))).message).toMatch(/^Stopped after 3 redirects/);
  });

  it('drops the Authorization header when a redirect leads to another origin', async () => {
    const client = new OutboundHttp({ allow: parseOutboundAllow(['127.0.0.0/8'])!, timeoutMs: 5_000 });
    const same = await client.request({ url: `${base}/redirect?to=/ok`, headers: { Authorization: 'Bearer k' } });
    expect(JSON.parse(same.body.toString()).auth).toBe('Bearer k');
    const other = http.createServer((req, res) => res.end(JSON.stringify({ auth: req.headers.authorization ?? null })));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.2', resolve));
    try {
      const to = `http://127.0.0.2:${(other.address() as AddressInfo).port}/`;
      const crossed = await client.request({ url: `${base}/redirect?to=${encodeURIComponent(to)}`, headers: { Authorization: 'Bearer k' } });
      expect(crossed.url).toBe(to);
      expect(JSON.parse(crossed.body.toString()).auth).toBeNull();
    } finally {
      other.close();
    }
  });

  it('times out a slow server, and a body that never ends, within the bound', async () => {
    const client = new OutboundHttp({ allow: allow127, timeoutMs: 500 });
    const started = performance.now();
    const error = await refusal(client.request({ url: `${base}/slow` }));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(`No complete answer from ${new URL(base).host} within 0.5 s`);
    expect(performance.now() - started).toBeLessThan(2_500);
    expect((await refusal(client.request({ url: `${base}/trickle` }))).code).toBe('timeout');
  });

  it('cuts a huge body at the cap and keeps a 2 KB preview', async () => {
    const client = new OutboundHttp({ allow: allow127, timeoutMs: 10_000 });
    const response = await client.request({ url: `${base}/huge` });
    expect(response.status).toBe(200);
    expect(response.truncated).toBe(true);
    expect(response.body.length).toBe(1_048_576);
    expect(Buffer.byteLength(response.preview)).toBe(2_048);
  });

  it('calls only http and https addresses', async () => {
    const client = new OutboundHttp({ allow: allow127, timeoutMs: 5_000 });
    expect((await refusal(client.request({ url: 'file:///etc/passwd' }))).message).toBe('Only http:// and https:// addresses can be called (got file://)');
    expect((await refusal(client.request({ url: 'gopher://127.0.0.1/' }))).code).toBe('bad_url');
    expect((await refusal(client.request({ url: 'not a url' }))).code).toBe('bad_url');
  });
});
