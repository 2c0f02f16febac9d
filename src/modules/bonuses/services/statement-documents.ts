import { toCsv } from '../../../platform/csv/csv.js';
import { usd as formatCents } from '../../../platform/money/usd.js';
import { timeInWords } from '../../../platform/time/org-time.js';
import { BONUS_TIME_ZONE, lastDayOf } from '../domain/bonus-week.js';
import type { BonusRunSummary, BonusStatement } from '../queries/bonus-runs/bonus-runs.query.js';

/** One line of a statement: what it is, its value, and where the value came from. */
export type StatementLine = { readonly section: string; readonly item: string; readonly value: string; readonly source: string };

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');
const percent = (rate: number) => `${(Math.round(rate * 10_000) / 100).toString()}%`;

/** Every line of an agent's statement, each traced to the input or rule it comes from; times in `zone` (the agent's). */
export function statementLines(statement: BonusStatement, zone: string = BONUS_TIME_ZONE): StatementLine[] {
  const lines: StatementLine[] = [];
  const add = (section: string, item: string, value: string, source: string) => lines.push({ section, item, value, source });
  const { line } = statement;
  if (line) {
    const i = line.inputs;
    const reported = `Marketplace service, recorded ${timeInWords(new Date(line.figuresRecordedAt), zone)}`;
    add('Inputs', 'Agent number', line.agentNumber, 'Set by an admin');
    add('Inputs', 'Commission role', i.role, 'Set by an admin');
    if (i.role === 'NEWBIE')
      add(
        'Inputs',
        'Weeks in program',
        i.weeksInProgram === null ? 'Not known' : String(i.weeksInProgram),
        `Program start ${line.programStartDate ?? 'not set'}`,
      );
    if (i.blueReportTrack) add('Inputs', 'Blue report track', i.blueReportTrack, 'Set by an admin');
    add('Inputs', 'Submitted AV', formatCents(i.submittedCents), reported);
    add('Inputs', 'Issued AV', formatCents(i.issuedCents), reported);
    add('Inputs', 'Taken rate', percent(i.takenRate), 'Issued AV ÷ submitted AV');
    add('Inputs', 'Total InQuery deposit', formatCents(i.depositCents), 'Card top-ups to the wallet in the week, refunds taken off (ledger)');
    add('Inputs', 'Engaged', yesNo(i.engaged), `${reported} (CurrentlyEngaged)`);
    add('Inputs', 'Buy-in on time', yesNo(i.buyInOnTime), `${reported} (MadeLIPDeposit)`);
    if (i.averageIssuedLast13WeeksCents !== null)
      add('Inputs', 'Average issued AV, last 13 weeks', formatCents(i.averageIssuedLast13WeeksCents), 'Marketplace service, the 13 weeks to this one');
    const ls = line.result.lionsShare;
    add("Lion's Share", 'Eligible', yesNo(ls.eligible), ls.reasons.join('; ') || 'Engaged, buy-in on time, taken rate as the role needs');
    add("Lion's Share", 'Base', formatCents(ls.baseCents), '$200 submitted and issued, $100 submitted only, $75 issued only');
    add("Lion's Share", 'Bonus', formatCents(ls.bonusCents), '(submitted + issued) ÷ 100 × taken rate');
    add("Lion's Share", 'Total', formatCents(ls.totalCents), 'Base + bonus');
    const m = line.result.match;
    add('Matching', 'Eligible', yesNo(m.eligible), m.reasons.join('; ') || 'Engaged and buy-in on time');
    add('Matching', 'Production match limit', formatCents(m.productionMatchLimitCents), '(submitted + issued) ÷ 100, to the nearest 50 cents');
    add('Matching', 'Role/Status cap', m.capCents === null ? 'None' : formatCents(m.capCents), 'The role’s cap, a newbie’s track cap or the Closers Club');
    add('Matching', 'Match limit', formatCents(m.matchLimitCents), 'The smaller of the production limit and the cap');
    add('Matching', 'Total deposit', formatCents(m.depositCents), 'Total InQuery deposit');
    add('Matching', 'Less buy-in', formatCents(m.buyInCents), `Buy-in for ${i.role}`);
    add('Matching', 'Net deposit for matching', formatCents(m.netDepositCents), 'max(0, deposit − buy-in)');
    add('Matching', 'Actual match', formatCents(m.actualMatchCents), 'The smaller of the match limit and the net deposit');
    add('Grand total', 'Grand total', formatCents(line.result.grandTotalCents), "Lion's Share total + actual match");
  }
  for (const adjustment of statement.adjustments)
    add('Adjustments', adjustment.amountCents >= 0 ? 'Adjustment' : 'Deduction', formatCents(adjustment.amountCents), adjustment.reason);
  add(
    'Total',
    'Paid into the wallet',
    formatCents(statement.totalCents),
    statement.paidAt ? `Paid ${timeInWords(new Date(statement.paidAt), zone)}` : `Run ${statement.status}`,
  );
  return lines;
}

export const statementFileName = (statement: BonusStatement, extension: 'csv' | 'pdf') => `bonus-statement-${statement.week}.${extension}`;

export function statementCsv(statement: BonusStatement, zone?: string): string {
  return toCsv(
    ['Week', 'Section', 'Item', 'Value', 'From'],
    statementLines(statement, zone).map((line) => [statement.week, line.section, line.item, line.value, line.source]),
  );
}

/** The statement as a PDF: the agent, the week, then each section's lines with where each came from. */
export async function statementPdf(statement: BonusStatement, zone?: string): Promise<Buffer> {
  // Loaded by the first statement asked for, not by every start.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `Bonus statement, week of ${statement.week}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(18).text('Weekly bonus statement');
    doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#334155');
    doc.text(`${statement.displayName ?? statement.email} (${statement.email})${statement.agentNumber ? `, agent number ${statement.agentNumber}` : ''}`);
    doc.text(`Week of ${statement.week} to ${lastDayOf(statement.week)} (Monday to Sunday, New York time)`);
    let section = '';
    for (const line of statementLines(statement, zone)) {
      if (line.section !== section) {
        section = line.section;
        doc.moveDown(0.8).fillColor('#0f172a').font('Helvetica-Bold').fontSize(12).text(section);
        doc.moveDown(0.2);
      }
      const y = doc.y;
      doc.fillColor('#0f172a').font('Helvetica').fontSize(10).text(line.item, 54, y, { width: 190 });
      doc.font('Helvetica-Bold').text(line.value, 250, y, { width: 100, align: 'right' });
      doc.font('Helvetica').fillColor('#475569').fontSize(8.5).text(line.source, 365, y, { width: 193 });
      doc.y = Math.max(doc.y, y + 14);
      doc.x = 54;
    }
    doc.end();
  });
}

/** A run for admins: one row per agent, exceptions included. */
export function runCsv(run: BonusRunSummary, statements: readonly BonusStatement[]): string {
  return toCsv(
    [
      'Week',
      'Agent',
      'E-mail',
      'Agent number',
      'Role',
      'Submitted',
      'Issued',
      'Taken rate',
      'Deposit',
      "Lion's Share",
      'Match',
      'Computed',
      'Adjustments',
      'Total',
      'Exception',
      'Status',
    ],
    statements.map((s) => {
      const line = s.line;
      const adjustments = s.adjustments.reduce((sum, a) => sum + a.amountCents, 0);
      return [
        run.week,
        s.displayName ?? '',
        s.email,
        s.agentNumber ?? '',
        line?.inputs.role ?? '',
        line ? formatCents(line.inputs.submittedCents) : '',
        line ? formatCents(line.inputs.issuedCents) : '',
        line ? percent(line.inputs.takenRate) : '',
        line ? formatCents(line.inputs.depositCents) : '',
        line ? formatCents(line.result.lionsShare.totalCents) : '',
        line ? formatCents(line.result.match.actualMatchCents) : '',
        formatCents(s.computedCents),
        formatCents(adjustments),
        formatCents(s.totalCents),
        line ? '' : (run.exceptions.find((e) => e.userId === s.userId)?.reason ?? ''),
        run.status,
      ];
    }),
  );
}
