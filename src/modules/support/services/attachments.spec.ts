import { describe, expect, it } from 'vitest';

import { acceptedTypeOf, attachmentDisposition, sanitisedFileName } from './attachments.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0c4f1a10000000049454e44ae426082',
  'hex',
);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);

describe('attachments', () => {
  it('takes the type from the bytes: PDF and images pass, an executable named .pdf and plain text do not', async () => {
    expect(await acceptedTypeOf(PDF, 'receipt.png')).toBe('application/pdf');
    expect(await acceptedTypeOf(PNG, 'receipt.pdf')).toBe('image/png');
    await expect(acceptedTypeOf(ELF, 'receipt.pdf')).rejects.toMatchObject({
      status: 415,
      message: 'receipt.pdf: Only images, PDF, DOC and DOCX files can be attached',
    });
    await expect(acceptedTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'a.svg')).rejects.toMatchObject({ status: 415 });
    await expect(acceptedTypeOf(Buffer.alloc(0), 'empty.pdf')).rejects.toMatchObject({ status: 415 });
  });

  it('keeps the original name as data: no path, no control or header characters, never empty', () => {
    expect(sanitisedFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitisedFileName('C:\\Users\\me\\Receipt March.pdf')).toBe('Receipt March.pdf');
    expect(sanitisedFileName('a\r\nb"c<d>.pdf')).toBe('abcd.pdf');
    expect(sanitisedFileName('evil\u202egpj.exe')).toBe('evilgpj.exe');
    expect(sanitisedFileName('...')).toBe('file');
    expect(sanitisedFileName('x'.repeat(300))).toHaveLength(200);
  });

  it('names the file for download in ASCII and UTF-8', () => {
    expect(attachmentDisposition('Reçu (1).pdf')).toBe(`attachment; filename="Re_u (1).pdf"; filename*=UTF-8''Re%C3%A7u%20%281%29.pdf`);
  });
});
