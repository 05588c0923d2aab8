import { addressProblems, bodyProblems, isImpossibleDate, jsonDepthExceeds, MAX_JSON_DEPTH, textProblem } from './input-guard.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('the nesting of a JSON body, read from its bytes', () => {
  it.each([
    ['{"a":1}', false],
    [`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`, false],
    [`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`, true],
    [`{"a":${'{"b":'.repeat(40)}1${'}'.repeat(40)}}`, true],
    [`{"name":"${'['.repeat(100)}"}`, false], // brackets in a string are text
    [`{"name":"a\\"${'['.repeat(100)}"}`, false], // an escaped quote does not end the string
    [`["\\\\",${'['.repeat(40)}`, true], // an escaped backslash does
    [`${'['.repeat(10_000)}`, true],
  ])('%s → %s', (text, deep) => {
    expect(jsonDepthExceeds(bytes(text))).toBe(deep);
  });

  it('scans a megabyte of nesting without parsing it', () => {
    expect(jsonDepthExceeds(bytes('['.repeat(1 << 20)))).toBe(true);
  });
});

describe('the text a request carries', () => {
  it.each([
    ['tea', 'text', null],
    ['a\u0000b', 'text', 'validation.forbiddenCharacters'],
    ['a\u0007b', 'secret', 'validation.forbiddenCharacters'],
    ['line\r\nbreak\ttab', 'text', null],
    ['\ud800', 'text', 'validation.forbiddenCharacters'],
    ['x\udc00', 'name', 'validation.forbiddenCharacters'],
    ['😀', 'name', null],
    ['2026-02-30', 'text', 'validation.invalidDate'],
    ['2026-13-01', 'text', 'validation.invalidDate'],
    ['2026-02-28T24:00:00Z', 'text', 'validation.invalidDate'],
    ['2028-02-29', 'text', null],
    ['2026-02-28T23:59:59.999+03:00', 'text', null],
    ['\u200b\u200c', 'name', 'validation.invisibleOnly'],
    ['\u200b', 'text', 'validation.invisibleOnly'],
    ['   ', 'name', null], // blank is the form's rule (required), not this one
    ['چا\u200cی', 'name', null], // Kurdish writes a zero-width non-joiner inside words
    ['Tea\u202egnp.exe', 'name', 'validation.directionControls'],
    ['Ali \u2066x\u2069', 'name', 'validation.directionControls'],
    ['\u202b', 'secret', null],
  ] as const)('%j as %s → %s', (text, kind, problem) => {
    expect(textProblem(text, kind)).toBe(problem);
  });

  it('names every bad text of a body by its path, and its keys too', () => {
    expect(bodyProblems({ name: { en: 'ok', ku: '\u200b' }, lines: [{ note: 'a\u0000' }], password: '\u202e', 'k\u0000': 1 })).toEqual({
      'name.ku': { key: 'validation.invisibleOnly' },
      'lines.0.note': { key: 'validation.forbiddenCharacters' },
      key: { key: 'validation.forbiddenCharacters' },
    });
  });

  it('reads path parameters and the query', () => {
    expect(addressProblems({ id: 'a\u0000' }, 'from=2026-02-30&search=tea&q=%00')).toEqual({
      id: { key: 'validation.forbiddenCharacters' },
      from: { key: 'validation.invalidDate' },
      q: { key: 'validation.forbiddenCharacters' },
    });
  });

  it('knows the calendar', () => {
    expect(isImpossibleDate('2100-02-29')).toBe(true);
    expect(isImpossibleDate('2000-02-29')).toBe(false);
    expect(isImpossibleDate('0000-01-01')).toBe(true);
    expect(isImpossibleDate('not a date')).toBe(false);
  });
});
