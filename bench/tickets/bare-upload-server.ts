// The submit reference: node:http taking the same two requests as the app (a small JSON body
// answered with an id, then the file's bytes written to disk and answered), nothing else.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-upload-'));
const answer = (response: http.ServerResponse, body: unknown) => {
  const text = JSON.stringify(body);
  response.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
};
const server = http.createServer((request, response) => {
  const file = /^\/api\/support\/tickets\/([^/]+)\/files/.exec(request.url ?? '');
  if (file) {
    const fileId = randomUUID();
    pipeline(request, fs.createWriteStream(path.join(dir, fileId)))
      .then(() => answer(response, { fileId, size: request.socket.bytesRead }))
      .catch(() => response.destroy());
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString());
    answer(response, { ticketId: randomUUID() });
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`running at http://localhost:${address.port}\n`);
});
process.on('SIGTERM', () =>
  server.close(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }),
);
