/*
 * Python literal text, as `repr()` writes a dict, list or tuple of strings, numbers, booleans and
 * None, read into the JSON values it stands for: a tokenizer and a recursive-descent parser, so a
 * quote or the word True inside a string is only ever part of that string. Tuples become arrays,
 * Decimal('12.50') a number, dict keys that are numbers their string form. Nothing is evaluated.
 */

/** Why a text is not a Python literal, and where. */
export class PythonLiteralError extends Error {
  readonly line: number;
  readonly column: number;

  constructor(
    text: string,
    /** Offset in the text, from 0. */
    readonly position: number,
    readonly expected: string,
    readonly found: string,
  ) {
    const before = text.slice(0, position);
    const line = before.split('\n').length;
    const column = position - (before.lastIndexOf('\n') + 1) + 1;
    super(`Expected ${expected} at line ${line}, column ${column} (position ${position}), found ${found}`);
    this.name = 'PythonLiteralError';
    this.line = line;
    this.column = column;
  }
}

export type LiteralValue = null | boolean | number | string | LiteralValue[] | { [key: string]: LiteralValue };

/** The value `text` writes; a PythonLiteralError when it is not exactly one Python literal. */
export function parsePythonLiteral(text: string): LiteralValue {
  const parser = new Parser(text);
  const value = parser.value(0);
  parser.expectEnd();
  return value;
}

type Punctuation = '{' | '}' | '[' | ']' | '(' | ')' | ':' | ',' | '-' | '+';
type Token =
  | { readonly kind: 'punctuation'; readonly text: Punctuation; readonly start: number }
  | { readonly kind: 'string'; readonly value: string; readonly start: number }
  | { readonly kind: 'number'; readonly text: string; readonly start: number }
  | { readonly kind: 'word'; readonly text: string; readonly start: number }
  | { readonly kind: 'end'; readonly start: number };

const PUNCTUATION = new Set<string>(['{', '}', '[', ']', '(', ')', ':', ',', '-', '+']);
const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\f', '\v']);
const NUMBER = /(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const WORD_CHARACTER = /[A-Za-z0-9_]/;
const HEX = /^[0-9a-fA-F]+$/;
const DECIMAL_TEXT = /^[+-]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?$/;
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};
const NOT_A_NUMBER = 'a number JSON can hold (nan and inf have no JSON value)';
/** Deeper nesting than any answer needs; the limit keeps a hostile text from exhausting the stack. */
const MAX_DEPTH = 256;
const VALUE = 'a value (a string, number, True, False, None, dict, list or tuple)';

class Parser {
  private position = 0;
  private lookahead: Token | null = null;

  constructor(private readonly text: string) {}

  value(depth: number): LiteralValue {
    const token = this.next();
    if (token.kind === 'string') return token.value;
    if (token.kind === 'number') return this.number(token.text, token.start, 1);
    if (token.kind === 'word') return this.word(token);
    if (token.kind === 'punctuation') {
      if (token.text === '-' || token.text === '+') return this.signed(token.text === '-' ? -1 : 1);
      if (token.text === '{' || token.text === '[' || token.text === '(') {
        if (depth >= MAX_DEPTH) this.fail(token, `no more than ${MAX_DEPTH} levels of nesting`);
        if (token.text === '{') return this.dict(depth + 1);
        if (token.text === '[') return this.list(depth + 1);
        return this.parenthesised(depth + 1);
      }
    }
    return this.fail(token, VALUE);
  }

  expectEnd(): void {
    const token = this.next();
    if (token.kind !== 'end') this.fail(token, 'the end of the text');
  }

  private dict(depth: number): { [key: string]: LiteralValue } {
    // Later keys replace earlier ones, as in Python; fromEntries keeps a key like __proto__ an own property.
    const entries = new Map<string, LiteralValue>();
    for (;;) {
      if (this.skip('}')) return Object.fromEntries(entries);
      const key = this.key();
      this.expect(':', "':' after the dict key");
      entries.set(key, this.value(depth));
      if (!this.skip(',')) {
        this.expect('}', "',' or '}' in the dict");
        return Object.fromEntries(entries);
      }
    }
  }

  private key(): string {
    const token = this.next();
    if (token.kind === 'string') return token.value;
    if (token.kind === 'number') return String(this.number(token.text, token.start, 1));
    if (token.kind === 'punctuation' && (token.text === '-' || token.text === '+')) return String(this.signed(token.text === '-' ? -1 : 1));
    return this.fail(token, "a dict key (a string or number) or '}'");
  }

  private list(depth: number): LiteralValue[] {
    const items: LiteralValue[] = [];
    for (;;) {
      if (this.skip(']')) return items;
      items.push(this.value(depth));
      if (!this.skip(',')) {
        this.expect(']', "',' or ']' in the list");
        return items;
      }
    }
  }

  /** `()` and `(a, b)` are tuples, `(a,)` a tuple of one, `(a)` just a. */
  private parenthesised(depth: number): LiteralValue {
    if (this.skip(')')) return [];
    const first = this.value(depth);
    if (!this.skip(',')) {
      this.expect(')', "',' or ')' after the value in parentheses");
      return first;
    }
    const items = [first];
    for (;;) {
      if (this.skip(')')) return items;
      items.push(this.value(depth));
      if (!this.skip(',')) {
        this.expect(')', "',' or ')' in the tuple");
        return items;
      }
    }
  }

  private signed(sign: 1 | -1): number {
    const token = this.next();
    if (token.kind === 'number') return this.number(token.text, token.start, sign);
    if (token.kind === 'word' && (token.text === 'inf' || token.text === 'nan')) this.fail(token, NOT_A_NUMBER);
    return this.fail(token, 'a number after the sign');
  }

  private word(token: Token & { kind: 'word' }): LiteralValue {
    switch (token.text) {
      case 'True':
        return true;
      case 'False':
        return false;
      case 'None':
        return null;
      case 'Decimal':
        return this.decimal();
      case 'inf':
      case 'nan':
        return this.fail(token, NOT_A_NUMBER);
      default:
        return this.fail(token, VALUE);
    }
  }

  /** `Decimal('12.50')`, `Decimal("-3")` or `Decimal(7)`: the number written. */
  private decimal(): number {
    this.expect('(', "'(' after Decimal");
    const token = this.next();
    let value: number;
    if (token.kind === 'string') {
      const written = token.value.trim();
      if (!DECIMAL_TEXT.test(written)) this.fail(token, NOT_A_NUMBER, `Decimal(${JSON.stringify(token.value)})`);
      value = this.finite(Number(written), token);
    } else if (token.kind === 'number') {
      value = this.number(token.text, token.start, 1);
    } else if (token.kind === 'punctuation' && (token.text === '-' || token.text === '+')) {
      value = this.signed(token.text === '-' ? -1 : 1);
    } else {
      return this.fail(token, 'a number or a string holding one inside Decimal(…)');
    }
    this.expect(')', "')' closing Decimal(…)");
    return value;
  }

  private number(text: string, start: number, sign: 1 | -1): number {
    const token: Token = { kind: 'number', text, start };
    const isInteger = !/[.eE]/.test(text);
    // Python refuses 0123 (it once meant octal); 0, 00 and 0.5 are fine.
    if (isInteger && text.length > 1 && text.startsWith('0') && /[1-9]/.test(text)) this.fail(token, 'a number without leading zeros');
    const value = this.finite(Number(text), token);
    // -0 is a float's sign; an integer has none (Python reads -0 as 0).
    return isInteger && value === 0 ? 0 : sign * value;
  }

  private finite(value: number, token: Token): number {
    return Number.isFinite(value) ? value : this.fail(token, NOT_A_NUMBER);
  }

  private skip(punctuation: Punctuation): boolean {
    const token = this.peek();
    if (token.kind !== 'punctuation' || token.text !== punctuation) return false;
    this.lookahead = null;
    return true;
  }

  private expect(punctuation: Punctuation, expected: string): void {
    if (!this.skip(punctuation)) this.fail(this.next(), expected);
  }

  private peek(): Token {
    this.lookahead ??= this.read();
    return this.lookahead;
  }

  private next(): Token {
    const token = this.peek();
    this.lookahead = null;
    return token;
  }

  private fail(token: Token, expected: string, found: string = describeToken(token)): never {
    throw new PythonLiteralError(this.text, token.start, expected, found);
  }

  private read(): Token {
    const text = this.text;
    while (this.position < text.length && WHITESPACE.has(text[this.position]!)) this.position++;
    const start = this.position;
    if (start >= text.length) return { kind: 'end', start };
    const char = text[start]!;
    if (PUNCTUATION.has(char)) {
      this.position++;
      return { kind: 'punctuation', text: char as Punctuation, start };
    }
    if (char === "'" || char === '"') return { kind: 'string', value: this.string(char), start };
    NUMBER.lastIndex = start;
    const number = NUMBER.exec(text);
    if (number) {
      this.position = NUMBER.lastIndex;
      const after = text[this.position] ?? '';
      if (WORD_CHARACTER.test(after) || after === '.')
        throw new PythonLiteralError(text, start, 'a number', `'${text.slice(start, this.position + 1)}' (hex, complex and other number forms are not read)`);
      return { kind: 'number', text: number[0], start };
    }
    WORD.lastIndex = start;
    const word = WORD.exec(text);
    if (word) {
      this.position = WORD.lastIndex;
      return { kind: 'word', text: word[0], start };
    }
    throw new PythonLiteralError(text, start, VALUE, `the character ${JSON.stringify(String.fromCodePoint(text.codePointAt(start)!))}`);
  }

  /** A string literal in `quote`s from the current position, its escapes read as Python reads them. */
  private string(quote: string): string {
    const text = this.text;
    const start = this.position;
    const parts: string[] = [];
    let run = start + 1;
    let at = run;
    for (;;) {
      const char = text[at];
      if (char === undefined || char === '\n' || char === '\r')
        throw new PythonLiteralError(
          text,
          start,
          `a closing ${quote} for the string that starts here`,
          char === undefined ? 'the end of the text' : 'the end of the line',
        );
      if (char === quote) {
        parts.push(text.slice(run, at));
        this.position = at + 1;
        return parts.join('');
      }
      if (char !== '\\') {
        at++;
        continue;
      }
      parts.push(text.slice(run, at));
      const [value, length] = this.escape(at);
      parts.push(value);
      at += length;
      run = at;
    }
  }

  /** The escape sequence at `at` (its backslash): what it stands for and how many characters it takes. */
  private escape(at: number): [string, number] {
    const text = this.text;
    const code = text[at + 1];
    if (code === undefined) throw new PythonLiteralError(text, at, 'an escape sequence after the backslash', 'the end of the text');
    if (code === '\n') return ['', 2];
    if (code === '\r') return ['', text[at + 2] === '\n' ? 3 : 2];
    const simple = SIMPLE_ESCAPES[code];
    if (simple !== undefined) return [simple, 2];
    if (code >= '0' && code <= '7') {
      let digits = code;
      while (digits.length < 3 && /[0-7]/.test(text[at + 1 + digits.length] ?? '')) digits += text[at + 1 + digits.length];
      return [String.fromCodePoint(parseInt(digits, 8)), 1 + digits.length];
    }
    const hexDigits = code === 'x' ? 2 : code === 'u' ? 4 : code === 'U' ? 8 : 0;
    if (hexDigits > 0) {
      const hex = text.slice(at + 2, at + 2 + hexDigits);
      if (hex.length !== hexDigits || !HEX.test(hex))
        throw new PythonLiteralError(text, at, `${hexDigits} hex digits after \\${code}`, JSON.stringify(text.slice(at, at + 2 + hexDigits)));
      const codePoint = parseInt(hex, 16);
      if (codePoint > 0x10ffff) throw new PythonLiteralError(text, at, 'a code point up to \\U0010ffff', `\\${code}${hex}`);
      return [String.fromCodePoint(codePoint), 2 + hexDigits];
    }
    if (code === 'N') throw new PythonLiteralError(text, at, 'an escape sequence other than \\N{…} (character names are not read)', '\\N');
    // Python keeps an unknown escape as it is written, backslash included.
    return ['\\', 1];
  }
}

function describeToken(token: Token): string {
  switch (token.kind) {
    case 'end':
      return 'the end of the text';
    case 'punctuation':
      return `'${token.text}'`;
    case 'string':
      return `the string ${JSON.stringify(token.value.length > 40 ? `${token.value.slice(0, 37)}...` : token.value)}`;
    case 'number':
      return `the number ${token.text}`;
    case 'word':
      return `the word '${token.text}'`;
  }
}
