// The reference: node:http reading a chat POST's body and answering a fixed answer of the app's
// shape and about its size, nothing else.
import http from 'node:http';

const body = JSON.stringify({
  message:
    'Getting licensed costs $181 in all: Pre-license course $29, State exam $44, Fingerprinting $51, Contracting and background check free, State licence $57.',
  sources: [{ title: 'Getting Started', url: '/onboarding' }],
  answered: true,
  handoff: false,
  conversationId: null,
  answerSeq: null,
});
const server = http.createServer((request, response) => {
  let received = '';
  request.on('data', (chunk: Buffer) => (received += chunk.toString()));
  request.on('end', () => {
    JSON.parse(received);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`running at http://localhost:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
