import { ApiError } from '../../../platform/http/api-error.js';

/** What an upload is by its bytes; the name the client gave never decides it. */
const ACCEPTED: Readonly<Record<string, string>> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
  'image/bmp': 'image/bmp',
  'image/tiff': 'image/tiff',
  'image/heic': 'image/heic',
  'image/heif': 'image/heif',
  'image/avif': 'image/avif',
  'application/pdf': 'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  // A Word 97–2003 document is an OLE compound file by its bytes.
  'application/x-cfb': 'application/msword',
};

export const FILE_TYPE_REFUSED = 'Only images, PDF, DOC and DOCX files can be attached';

/** The type the file's bytes show (as stored and served), or a 415 refusal naming the file. */
export async function acceptedTypeOf(bytes: Buffer, name: string): Promise<string> {
  // Loaded by the first file attached, not by every start.
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = bytes.length === 0 ? undefined : await fileTypeFromBuffer(bytes);
  const type = sniffed ? ACCEPTED[sniffed.mime] : undefined;
  if (!type) throw new ApiError(415, 'FILE_TYPE_NOT_ALLOWED', `${name}: ${FILE_TYPE_REFUSED}`);
  return type;
}

const MAX_NAME_LENGTH = 200;

/**
 * The original name as data, safe to show and to put in a header: its last path segment,
 * without control characters or the characters file systems and headers choke on, at most
 * 200 characters; 'file' when nothing is left.
 */
export function sanitisedFileName(raw: string): string {
  const lastSegment = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return [...cleaned].slice(0, MAX_NAME_LENGTH).join('') || 'file';
}

/** `Content-Disposition: attachment` with the name in ASCII and in UTF-8 (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
