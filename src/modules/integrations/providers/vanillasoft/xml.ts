/**
 * The little XML a web-lead post needs, written by hand (no XML library is installed): text
 * escaped for element content, characters XML 1.0 cannot hold at all dropped, element names
 * checked, and the two elements of VanillaSoft's answer read back.
 */

// Tab, newline and carriage return are the only control characters XML 1.0 allows; lone surrogates and U+FFFE/U+FFFF are not characters.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** An element name VanillaSoft can read: a letter or underscore, then letters, digits, _, - or . (no spaces, no colon, not starting with "xml"). */
export const XML_NAME = /^(?!xml)[A-Za-z_][A-Za-z0-9_.-]{0,99}$/i;

/** `<root><name>value</name>…</root>` with every value escaped; names must pass XML_NAME. */
export function xmlDocument(root: string, fields: readonly (readonly [string, string])[]): string {
  for (const name of [root, ...fields.map(([n]) => n)]) if (!XML_NAME.test(name)) throw new Error(`"${name}" cannot be an XML element name`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${fields.map(([name, value]) => `<${name}>${xmlText(value)}</${name}>`).join('')}</${root}>`;
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of the first `<name>` element in an answer, entities decoded; null when there is none. */
export function elementText(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'i').exec(xml);
  if (!match) return null;
  const text = match[1]!.replace(/^<!\[CDATA\[([\s\S]*)\]\]>$/, '$1');
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (entity, body: string) => {
      if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? entity;
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .trim();
}
