// Agents submitting a help request and uploading a 1 MB PDF to it, as the web app's dialog does
// (POST /api/support/tickets, then POST /api/support/tickets/:id/files with the bytes), each
// agent one after the other as fast as answers come.
import { randomBytes, randomUUID } from 'node:crypto';

import { percentile } from '../support/figures.js';

export type Agent = { cookie: string; csrfToken: string };
export type SubmitResult = {
  submissions: number;
  perSecond: number;
  megabytesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The two requests apart: the submission's and the upload's p50. */
  submitP50Ms: number;
  uploadP50Ms: number;
};

/** A valid PDF of `bytes` bytes: one page whose content stream is incompressible (a scanned receipt). */
export function pdfOf(bytes: number): Buffer {
  const head = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n';
  const page = '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n';
  const tail = (length: number) => `\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 5 /Length ${length} >>\n%%EOF\n`;
  const streamHead = (length: number) => `4 0 obj\n<< /Length ${length} /Filter /FlateDecode >>\nstream\n`;
  const fixed = Buffer.byteLength(head + page + streamHead(bytes) + tail(bytes), 'latin1');
  const length = bytes - fixed;
  return Buffer.concat([Buffer.from(head + page + streamHead(length), 'latin1'), randomBytes(length), Buffer.from(tail(length), 'latin1')]);
}

/** Each agent submits and uploads `file` in a loop for `seconds`; submissions (both answers 201) per second. */
export async function submitWithFile(baseUrl: string, agents: readonly Agent[], file: Buffer, seconds: number): Promise<SubmitResult> {
  const samples: number[] = [];
  const submits: number[] = [];
  const uploads: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    agents.map(async (agent, index) => {
      const headers = { cookie: agent.cookie, 'x-csrf-token': agent.csrfToken };
      for (let n = 0; performance.now() < deadline; n++) {
        const at = performance.now();
        const submitted = await fetch(`${baseUrl}/api/support/tickets`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            systemProgram: 'General',
            priority: 'Med',
            concern: `Agent ${index} request ${n}: the receipt for last month's lead package is attached, the wallet shows a different amount.`,
          }),
        });
        if (submitted.status !== 201) throw new Error(`submit: ${submitted.status} ${await submitted.text()}`);
        const { ticketId } = (await submitted.json()) as { ticketId: string };
        const uploadAt = performance.now();
        submits.push(uploadAt - at);
        const uploaded = await fetch(`${baseUrl}/api/support/tickets/${ticketId}/files?name=receipt.pdf`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/octet-stream' },
          body: file as BodyInit,
        });
        if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
        await uploaded.arrayBuffer();
        uploads.push(performance.now() - uploadAt);
        samples.push(performance.now() - at);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const perSecond = samples.length / elapsed;
  return {
    submissions: samples.length,
    perSecond,
    megabytesPerSecond: (perSecond * file.length) / 1024 / 1024,
    p50Ms: percentile(samples, 50),
    p99Ms: percentile(samples, 99),
    submitP50Ms: percentile(submits, 50),
    uploadP50Ms: percentile(uploads, 50),
  };
}
