// The AI assistant without a language model: answers per second through HTTP (POST
// /api/assistant/chat as visitors, each from an address of its own, the question set's questions
// in turn) on the deployment DATABASE_URL/REDIS_URL name, beside a bare node:http server that
// reads the same POST and answers the same JSON; and the retrieval quality over the question set
// (src/modules/assistant/knowledge/questions.json) from the index the build wrote: how often the
// page that answers a question is the first cited, or among the three best, and how often a
// question the portal cannot answer gets "I don't know"; and what it did with each question:
// answered from a passage that answers it (right), said it does not know (declined), or answered
// from one that does not (wrong), with precision = right / (right + wrong), for the whole set and
// for the held-out questions (written with the new agents' questions, never tuned on). The last
// line is the top-3 hit rate (target >= 0.9).
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

import { KNOWLEDGE_FILE, loadKnowledgeIndex } from '../../src/modules/assistant/knowledge/knowledge-file.js';
import { measureQuestionSet } from '../../src/modules/assistant/knowledge/question-set.js';
import questionSet from '../../src/modules/assistant/knowledge/questions.json' with { type: 'json' };
import { startPortal } from '../../test/support/portal/portal-process.js';
import { fmt, openBenchDatabase } from '../support/bench-database.js';
import { requireScaled } from '../wallet-debit/wallet-app.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_TOP3 = 0.9;
const TARGET_PRECISION = 0.95;

const octet = () => Math.floor(Math.random() * 254) + 1;
const questions = questionSet.questions.map((q) => JSON.stringify({ messages: [{ role: 'user', content: q.question }] }));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Measured = { rate: number; p50Ms: number; p99Ms: number };

/** CONNECTIONS visitors asking the question set's questions in turn, each request from its own address (the per-address limit counts people, not the benchmark). */
async function ask(url: string): Promise<Measured> {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: `${url}/api/assistant/chat`,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` },
            body: questions[next++ % questions.length],
          }),
        },
      ],
    });
  await run(1); // warm-up
  const result = await run(SECONDS);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rate: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

async function startBare(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/assistant/bare-chat-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at http:\/\/localhost:(\d+)/);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}: ${output}`)));
  });
  return { url, child };
}

await requireScaled('assistant');
const quality = measureQuestionSet(loadKnowledgeIndex());
const database = await openBenchDatabase();
const portal = await startPortal({
  DATABASE_URL: database.url,
  REDIS_URL: process.env.REDIS_URL,
  REDIS_PREFIX: `bench-assistant-${process.pid}`,
  TRUST_PROXY: 'loopback',
  LOG_LEVEL: 'warn',
  AI_BASE_URL: '',
  AI_API_KEY: '',
  AI_MODEL: '',
});
const bare = await startBare();
const app: Measured[] = [];
const reference: Measured[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    reference.push(await ask(bare.url));
    app.push(await ask(portal.url));
  }
} finally {
  bare.child.kill('SIGTERM');
  await portal.stop();
  await database.drop();
}

const appRate = median(app.map((m) => m.rate));
const bareRate = median(reference.map((m) => m.rate));
const appRound = app.find((m) => m.rate === appRate)!;
console.log(
  `assistant: POST /api/assistant/chat without a language model, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s, on ${database.label}`,
);
console.log(
  `  the app:          ${fmt(appRate)} answers/s (p50 ${appRound.p50Ms} ms, p99 ${appRound.p99Ms} ms); rounds ${app.map((m) => fmt(m.rate)).join(', ')}`,
);
console.log(
  `  bare node:http:   ${fmt(bareRate)} answers/s (the same POST read and a fixed JSON answer); rounds ${reference.map((m) => fmt(m.rate)).join(', ')}`,
);
console.log(`  app / bare:       ${(appRate / bareRate).toFixed(3)}`);
console.log(`retrieval over the question set (${quality.questions} questions, ${quality.unanswerable} it cannot answer), index ${KNOWLEDGE_FILE}:`);
console.log(`  top-1 source hit rate: ${quality.top1.toFixed(3)}`);
console.log(`  top-3 source hit rate: ${quality.top3.toFixed(3)} (target >= ${TARGET_TOP3})`);
console.log(`  unanswerable questions declined: ${quality.unanswerableDeclined.toFixed(3)} (target 1)`);
console.log(`  right ${quality.right}, declined ${quality.declined}, wrong ${quality.wrong} of ${quality.questions + quality.unanswerable}`);
console.log(`  precision (right / (right + wrong)): ${quality.precision.toFixed(3)} (target >= ${TARGET_PRECISION})`);
console.log(
  `  held out: right ${quality.heldOut.right}, declined ${quality.heldOut.declined}, wrong ${quality.heldOut.wrong}, precision ${quality.heldOut.precision.toFixed(3)}`,
);
for (const { question, answeredFrom } of quality.wrongAnswers) console.log(`  wrong: "${question}" answered from ${answeredFrom}`);
console.log(`ratio ${quality.top3.toFixed(3)}`);
