import onboarding from '../../../../web/src/content/onboarding.json' with { type: 'json' };
import { usd } from '../../../platform/money/usd.js';

export const STUDY_GUIDE_FILE_NAME = '2-15-license-prep-study-guide.pdf';

/** How the weekend and the weeks around it are best used; the figures come from the licensing steps. */
const STUDY_PLAN = [
  'Before the weekend: finish the pre-license course and take its practice tests until you score 85%+.',
  'Saturday (health) and Sunday (life), 8:00 AM – 1:00 PM Eastern: both days are mandatory. Have this guide, a notepad and a quiet room.',
  'After the weekend: book the state exam within 2 weeks, while it is fresh; keep taking practice tests until you reach 85%+ on each.',
  'Exam day: arrive 30 minutes early with two forms of ID. 70% or higher passes.',
];

/**
 * The study guide as a PDF, written from the portal's own licensing content (the Getting Started
 * steps, their costs and rules): the same text the onboarding page shows, so the two never disagree.
 * pdfkit is loaded on the first download only.
 */
export async function studyGuidePdf(): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 54, compress: false, info: { Title: '2-15 License Prep – Study Guide', Author: 'Agent Portal' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const heading = (text: string) => doc.moveDown(0.9).fillColor('#0f172a').font('Helvetica-Bold').fontSize(13).text(text).moveDown(0.25);
    const bullet = (text: string) => doc.fillColor('#334155').font('Helvetica').fontSize(10.5).text(`•  ${text}`, { indent: 8, paragraphGap: 3 });

    doc.fillColor('#1e3a8a').font('Helvetica-Bold').fontSize(20).text('2-15 License Prep – Study Guide');
    doc.moveDown(0.3).fillColor('#334155').font('Helvetica').fontSize(11).text(onboarding.intro);
    doc.moveDown(0.3).text(onboarding.prepCourse.body);

    heading('Your study plan');
    STUDY_PLAN.forEach(bullet);

    heading('The six steps to your licence');
    for (const step of onboarding.steps) {
      doc.moveDown(0.3).fillColor('#0f172a').font('Helvetica-Bold').fontSize(11).text(`Step ${step.number}: ${step.title} (${step.cost})`).moveDown(0.15);
      step.details.forEach(bullet);
    }

    heading(onboarding.costs.title);
    const total = onboarding.costs.lines.reduce((sum, line) => sum + line.amount, 0);
    for (const line of [...onboarding.costs.lines, { label: onboarding.costs.totalLabel, amount: total }]) {
      const y = doc.y;
      const isTotal = line.label === onboarding.costs.totalLabel;
      doc
        .fillColor('#0f172a')
        .font(isTotal ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(10.5)
        .text(line.label, 62, y, { width: 300 });
      doc.text(line.amount === 0 ? 'Free' : usd(line.amount * 100).replace(/\.00$/, ''), 362, y, { width: 90, align: 'right' });
      doc.x = 54;
    }
    doc.end();
  });
}
