import type { NextFunction, Request, Response } from 'express';
import { parseLocale } from '../context/request-context.js';
import { DomainError, type FieldMessage } from '../errors/domain-error.js';
import { sendError } from '../errors/error.filter.js';

/**
 * The deepest nesting of objects and arrays a JSON body may have. The deepest real payload (a sale's line with its
 * discount, a branch with its registers) nests under ten; anything deeper is refused before it is parsed.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether a JSON text nests deeper than `max`, read from its bytes once (brackets inside strings do not count),
 * without parsing it: a body of ten thousand `[` costs a scan, not a parse and a recursion that overflows.
 */
export function jsonDepthExceeds(bytes: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** The error body-parser's verify hook raises for a body nested too deeply (a plain error: body-parser sets its status). */
export function tooDeepError(): Error {
  return Object.assign(new Error('JSON nested too deeply'), { status: 400, type: 'entity.too.deep' });
}

export function isTooDeepError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { type?: unknown }).type === 'entity.too.deep';
}

export function tooDeepDomainError(): DomainError {
  return new DomainError('BAD_REQUEST', 'errors.tooDeep', { max: MAX_JSON_DEPTH });
}

// --- text

/** NUL and the other C0 controls but tab, line feed and carriage return: no field of the shop holds them, PostgreSQL refuses NUL. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/** Embedding, override and isolate controls: they turn how a name reads on a receipt or a list (U+202A–U+202E, U+2066–U+2069). */
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
/** Characters that show nothing: zero-width spaces and joiners, direction marks, word joiners, the byte-order mark, soft hyphen. */
// Each is matched on its own (a combining grapheme joiner among them), never as part of the letter before it.
/* eslint-disable no-misleading-character-class */
const INVISIBLE =
  /[\s\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]/gu;
const HAS_INVISIBLE =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]/u;
/* eslint-enable no-misleading-character-class */
/** Text that says it is a date (2026-02-28, or with a time): it must then be one the calendar has. */
const DATE_LIKE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

export type TextProblem =
  'validation.forbiddenCharacters' | 'validation.invalidDate' | 'validation.invisibleOnly' | 'validation.directionControls';

/** A date-like text naming a day, hour or minute that does not exist (2026-02-30, 2026-13-01, 24:00 is allowed as PostgreSQL does not). */
export function isImpossibleDate(text: string): boolean {
  const m = DATE_LIKE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return true;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return true;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || (m[6] !== undefined && Number(m[6]) > 59))) return true;
  return false;
}

/**
 * What is wrong with one text a request carries, or null. Every text: no NUL or other control characters, no lone
 * surrogate halves, no impossible dates. A name (its key says so) also: not only invisible characters, no
 * direction controls. Any other text but a password: not only invisible characters.
 */
export function textProblem(text: string, kind: 'name' | 'text' | 'secret'): TextProblem | null {
  if (CONTROL.test(text) || LONE_SURROGATE.test(text)) return 'validation.forbiddenCharacters';
  if (kind === 'secret') return null;
  if (text.length <= 32 && isImpossibleDate(text)) return 'validation.invalidDate';
  if (kind === 'name' && DIRECTION_CONTROLS.test(text)) return 'validation.directionControls';
  if (HAS_INVISIBLE.test(text) && text.replace(INVISIBLE, '') === '') return 'validation.invisibleOnly';
  return null;
}

/** A surrogate half without its other half: not text, and PostgreSQL would store a replacement character. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const NAME_KEY = /name/i;
const SECRET_KEY = /password|secret|token/i;

function kindOf(path: readonly string[]): 'name' | 'text' | 'secret' {
  if (path.some((k) => SECRET_KEY.test(k))) return 'secret';
  return path.some((k) => NAME_KEY.test(k)) ? 'name' : 'text';
}

type Problems = Record<string, FieldMessage>;

/** Every text of a parsed JSON body (keys too), walked without recursion; the first few problems by field path. */
export function bodyProblems(body: unknown): Problems {
  const problems: Problems = {};
  let count = 0;
  const stack: { value: unknown; path: string[] }[] = [{ value: body, path: [] }];
  while (stack.length > 0 && count < 20) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value, kindOf(path));
      if (problem) {
        problems[path.join('.') || 'body'] = { key: problem };
        count++;
      }
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, String(i)] });
    } else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) {
        const keyProblem = textProblem(k, 'text');
        if (keyProblem) {
          problems[[...path, 'key'].join('.')] = { key: keyProblem };
          count++;
        }
        stack.push({ value: v, path: [...path, k] });
      }
    }
  }
  return problems;
}

/** The texts of a request's address: its path parameters by name (as the gate decoded them) and its query. */
export function addressProblems(params: Record<string, string>, query: string): Problems {
  const problems: Problems = {};
  for (const [name, value] of Object.entries(params)) {
    const problem = textProblem(value, kindOf([name]));
    if (problem) problems[name] = { key: problem };
  }
  if (query) {
    for (const [name, value] of new URLSearchParams(query)) {
      const problem = textProblem(name, 'text') ?? textProblem(value, kindOf([name]));
      if (problem) problems[name.replace(/[^\w.[\]-]/g, '') || 'query'] = { key: problem };
    }
  }
  return problems;
}

interface GuardedRequest extends Request {
  dukan?: { zone?: string; params?: Record<string, string> };
}

/**
 * After body parsing, before any handler: a request whose texts hold what no field of the shop may (NUL, a lone
 * surrogate half, an impossible date, an invisible-only text, direction controls in a name) is 400 in the
 * caller's language, naming the field, and never reaches a handler or PostgreSQL. Calls between Dukan's own
 * processes (/internal) carry what a service already accepted and are not read again.
 */
export function inputGuard() {
  return (req: GuardedRequest, res: Response, next: NextFunction) => {
    if (req.dukan?.zone !== 'api') return next();
    const at = req.url.indexOf('?');
    const problems = {
      ...addressProblems(req.dukan?.params ?? {}, at >= 0 ? req.url.slice(at + 1) : ''),
      ...(req.body !== undefined && typeof req.body === 'object' ? bodyProblems(req.body) : {}),
    };
    if (Object.keys(problems).length === 0) return next();
    sendError(
      res,
      new DomainError('VALIDATION_FAILED', 'validation.failed', {}, problems),
      parseLocale(req.headers['accept-language']) ?? 'en',
    );
  };
}
