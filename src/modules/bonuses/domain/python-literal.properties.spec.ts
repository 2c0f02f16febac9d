import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parsePythonLiteral, PythonLiteralError } from './python-literal.js';

type Style = {
  /** Escape every character beyond ASCII (\xNN, \uNNNN, \UNNNNNNNN) instead of writing it. */
  readonly escapeAll: boolean;
  /** Write arrays as tuples. */
  readonly tuples: boolean;
  /** Spaces and newlines between tokens, and trailing commas. */
  readonly loose: boolean;
};

const hex = (codePoint: number, digits: number) => codePoint.toString(16).padStart(digits, '0');
const NOT_PRINTABLE = /[\p{C}\p{Z}]/u;

/** A string as Python's repr() writes it: single quotes unless it holds a ' and no ", the rest escaped. */
function reprString(text: string, escapeAll: boolean): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let written = quote;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (char === quote || char === '\\') written += `\\${char}`;
    else if (char === '\t') written += '\\t';
    else if (char === '\n') written += '\\n';
    else if (char === '\r') written += '\\r';
    else if (codePoint < 0x20 || codePoint === 0x7f || (codePoint > 0x7f && (escapeAll || NOT_PRINTABLE.test(char))))
      written += codePoint < 0x100 ? `\\x${hex(codePoint, 2)}` : codePoint < 0x10000 ? `\\u${hex(codePoint, 4)}` : `\\U${hex(codePoint, 8)}`;
    else written += char;
  }
  return written + quote;
}

/** A JSON value as Python writes the same value: True/False/None, -0 as -0.0, dicts, lists (or tuples). */
function toPythonLiteral(value: fc.JsonValue, style: Style): string {
  const gap = style.loose ? ' \n ' : ' ';
  const items = (open: string, parts: string[], close: string) =>
    parts.length === 0 ? `${open}${close}` : `${open}${parts.join(`,${gap}`)}${style.loose || (open === '(' && parts.length === 1) ? ',' : ''}${close}`;
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Object.is(value, -0) ? '-0.0' : String(value);
  if (typeof value === 'string') return reprString(value, style.escapeAll);
  if (Array.isArray(value)) {
    const parts = value.map((item) => toPythonLiteral(item, style));
    return style.tuples ? items('(', parts, ')') : items('[', parts, ']');
  }
  const parts = Object.entries(value).map(([key, item]) => `${reprString(key, style.escapeAll)}:${gap}${toPythonLiteral(item!, style)}`);
  return items('{', parts, '}');
}

/** Any code point, lone surrogates included, and often the characters that quoting and escaping turn on. */
const character = fc.oneof(
  { arbitrary: fc.constantFrom("'", '"', '\\', '\n', '\r', '\t', '\0', 'T', 'True', ' '), weight: 2 },
  { arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint)), weight: 3 },
);
const style: fc.Arbitrary<Style> = fc.record({ escapeAll: fc.boolean(), tuples: fc.boolean(), loose: fc.boolean() });
const runs = { numRuns: 500 };

describe('Python literals written as repr() writes them', () => {
  it('read back as the value written, whatever the strings hold', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: character, maxDepth: 4 }), style, (value, written) => {
        expect(parsePythonLiteral(toPythonLiteral(value, written))).toEqual(value);
      }),
      runs,
    );
  });

  it('read any string back exactly, in either quote', () => {
    fc.assert(
      fc.property(fc.string({ unit: character }), fc.boolean(), (text, escapeAll) => {
        expect(parsePythonLiteral(reprString(text, escapeAll))).toBe(text);
      }),
      runs,
    );
  });

  it('read any double back as the same double, -0 included', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(Object.is(parsePythonLiteral(toPythonLiteral(value, { escapeAll: false, tuples: false, loose: false })), value)).toBe(true);
      }),
      runs,
    );
  });

  it('refuse any text cut short, with a PythonLiteralError rather than a wrong value', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ unit: character }), fc.jsonValue({ stringUnit: character, maxDepth: 2 }), { minKeys: 1 }),
        fc.nat(),
        (value, cut) => {
          const text = toPythonLiteral(value, { escapeAll: false, tuples: false, loose: false });
          expect(() => parsePythonLiteral(text.slice(0, cut % text.length))).toThrow(PythonLiteralError);
        },
      ),
      runs,
    );
  });
});
