import { describe, expect, it } from 'vitest';

import { parsePythonLiteral, PythonLiteralError } from './python-literal.js';

const errorOf = (text: string): PythonLiteralError => {
  try {
    parsePythonLiteral(text);
  } catch (error) {
    if (error instanceof PythonLiteralError) return error;
    throw error;
  }
  throw new Error(`${text} was read`);
};

describe('reading a Python literal', () => {
  it('reads a dict as repr() writes it, True/False/None as JSON’s', () => {
    expect(parsePythonLiteral("{'Submitted': 4250.5, 'Issued': 0, 'MadeLIPDeposit': True, 'CurrentlyEngaged': False, 'Team': None}")).toEqual({
      Submitted: 4250.5,
      Issued: 0,
      MadeLIPDeposit: true,
      CurrentlyEngaged: false,
      Team: null,
    });
  });

  it('keeps a quote inside a double-quoted string, as repr() writes O’Brien', () => {
    expect(parsePythonLiteral(`{'AgentName': "Sean O'Brien", 'Manager': 'D\\'Arcy "DJ" Lee'}`)).toEqual({
      AgentName: "Sean O'Brien",
      Manager: 'D\'Arcy "DJ" Lee',
    });
  });

  it('leaves the words True, False and None inside strings alone', () => {
    expect(parsePythonLiteral("{'Note': 'Not True', 'Other': 'None of it was False', 'True': 'True'}")).toEqual({
      Note: 'Not True',
      Other: 'None of it was False',
      True: 'True',
    });
  });

  it('reads nested dicts, lists and tuples; a tuple as a list, (x,) as a list of one and (x) as x', () => {
    expect(parsePythonLiteral("{'weeks': [(1, 'a'), (2,), ()], 'totals': {'by_role': {'VET': [1, [2, (3)]]}}}")).toEqual({
      weeks: [[1, 'a'], [2], []],
      totals: { by_role: { VET: [1, [2, 3]] } },
    });
  });

  it('reads Python’s escapes', () => {
    expect(parsePythonLiteral(String.raw`'tab\there\nnew \\ back \' q \" dq \x41\u00e9\U0001F600\0\101 \a\b\f\v end'`)).toBe(
      'tab\there\nnew \\ back \' q " dq Aé😀\0A \x07\b\f\v end',
    );
    expect(parsePythonLiteral(String.raw`"\ud83d"`)).toBe('\ud83d');
    expect(parsePythonLiteral("'a\\\nb'")).toBe('ab');
  });

  it('keeps an unknown escape as written, backslash included, as Python does', () => {
    expect(parsePythonLiteral(String.raw`'C:\data\d'`)).toBe('C:\\data\\d');
  });

  it('reads characters beyond ASCII as they are written', () => {
    expect(parsePythonLiteral("['Zoë', '東京', '👩‍💻']")).toEqual(['Zoë', '東京', '👩‍💻']);
  });

  it('reads numbers: negative, fractions, exponents, and Decimal(...)', () => {
    expect(parsePythonLiteral('[-12.75, +3, -0, 1e-05, 1.5e+16, .5, 5., 0.0, -0.0]')).toEqual([-12.75, 3, 0, 0.00001, 1.5e16, 0.5, 5, 0, -0]);
    expect(Object.is(parsePythonLiteral('-0'), 0)).toBe(true);
    expect(parsePythonLiteral("[Decimal('1.10'), Decimal(\"-3\"), Decimal(' 2.5e2 '), Decimal(7), Decimal(-7.5)]")).toEqual([1.1, -3, 250, 7, -7.5]);
  });

  it('takes numbers as dict keys in their string form; a later key replaces an earlier one', () => {
    expect(parsePythonLiteral("{1: 'a', -2.5: 'b', 'x': 1, 'x': 2}")).toEqual({ '1': 'a', '-2.5': 'b', x: 2 });
  });

  it('keeps __proto__ as an ordinary key', () => {
    const value = parsePythonLiteral("{'__proto__': {'admin': True}}") as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect((value as { admin?: unknown }).admin).toBeUndefined();
  });

  it('allows trailing commas and whitespace anywhere between tokens', () => {
    expect(parsePythonLiteral(" \n{ 'a' : [ 1 , 2 , ] ,\t'b': (3, 4,), }\r\n")).toEqual({ a: [1, 2], b: [3, 4] });
    expect(parsePythonLiteral('[]')).toEqual([]);
    expect(parsePythonLiteral('{}')).toEqual({});
  });
});

describe('refusing what is not a Python literal', () => {
  it('a string ended early by its own quote (O’Brien in single quotes), and one never ended, where it starts', () => {
    const error = errorOf("{'AgentName': 'Sean O'Brien'}");
    expect(error.message).toBe("Expected ',' or '}' in the dict at line 1, column 23 (position 22), found the word 'Brien'");
    expect(errorOf("{'a': 'open}").message).toBe(
      "Expected a closing ' for the string that starts here at line 1, column 7 (position 6), found the end of the text",
    );
    expect(errorOf("['one\ntwo']").message).toMatch(/^Expected a closing ' for the string that starts here at line 1, column 2 .*found the end of the line$/);
  });

  it('a bare word, naming it', () => {
    expect(errorOf("{'a': true}").message).toBe(
      "Expected a value (a string, number, True, False, None, dict, list or tuple) at line 1, column 7 (position 6), found the word 'true'",
    );
    expect(errorOf("{'when': datetime.date(2024, 1, 5)}").found).toBe("the word 'datetime'");
  });

  it('text after the value', () => {
    const error = errorOf("{'a': 1} {'b': 2}");
    expect(error).toMatchObject({ position: 9, expected: 'the end of the text', found: "'{'" });
    expect(errorOf('[1, 2]]').expected).toBe('the end of the text');
  });

  it('nan and inf, which JSON cannot hold', () => {
    for (const text of ["{'x': nan}", "{'x': inf}", "{'x': -inf}", "[Decimal('NaN')]", "[Decimal('Infinity')]", '[1e999]']) {
      expect(errorOf(text).expected).toBe('a number JSON can hold (nan and inf have no JSON value)');
    }
  });

  it('a missing value, a missing colon, a stray comma, a set', () => {
    expect(errorOf('').found).toBe('the end of the text');
    expect(errorOf("{'a' 1}").expected).toBe("':' after the dict key");
    expect(errorOf('[1,,2]').found).toBe("','");
    expect(errorOf('{1, 2}').expected).toBe("':' after the dict key");
    expect(errorOf('{True: 1}').expected).toBe("a dict key (a string or number) or '}'");
  });

  it('number forms repr() does not write for these values', () => {
    expect(errorOf('[0x1F]').found).toMatch(/^'0x' \(hex/);
    expect(errorOf('[1j]').found).toMatch(/^'1j'/);
    expect(errorOf('[012]').expected).toBe('a number without leading zeros');
    expect(errorOf('[1.2.3]').found).toMatch(/^'1.2.'/);
  });

  it('bad escapes', () => {
    expect(errorOf(String.raw`'\x4'`).expected).toBe('2 hex digits after \\x');
    expect(errorOf(String.raw`'\U00110000'`).expected).toBe('a code point up to \\U0010ffff');
    expect(errorOf(String.raw`'\N{BULLET}'`).expected).toMatch(/character names are not read/);
    expect(errorOf("'ends in a backslash\\").found).toBe('the end of the text');
  });

  it('a character that starts no token, with its line and column', () => {
    const error = errorOf("{\n  'a': 1,\n  'b': @\n}");
    expect(error).toMatchObject({ line: 3, column: 8, found: 'the character "@"' });
  });

  it('nesting deeper than anything an answer needs, without exhausting the stack', () => {
    expect(parsePythonLiteral('['.repeat(256) + ']'.repeat(256))).toBeDefined();
    expect(errorOf('['.repeat(100_000)).expected).toBe('no more than 256 levels of nesting');
  });
});
