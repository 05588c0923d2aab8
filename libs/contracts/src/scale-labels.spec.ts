import {
  buildScaleLabel,
  DEFAULT_SCALE_LABEL_RULE,
  gramsFromKg,
  parseScaleLabel,
  scaleItemKey,
  scaleRuleProblem,
  valueCheckDigit,
  type ScaleLabelRule,
} from './scale-labels.js';
import { ean13CheckDigit } from './constants.js';
import { priceLine, weighedGross } from './pricing.js';

const rule = (r: Partial<ScaleLabelRule>): ScaleLabelRule => ({ ...DEFAULT_SCALE_LABEL_RULE, enabled: true, ...r });

describe('EAN-13 and GS1 value check digits', () => {
  it.each([
    ['400638133393', 1], // 4006381333931, a retail EAN-13
    ['590123412345', 7], // 5901234123457, GS1's example
    ['201234501250', 9],
  ])('EAN-13 %s -> %i', (first12, digit) => expect(ean13CheckDigit(first12)).toBe(digit));

  it.each([
    ['2875', 9], // GS1 General Specifications' 4-digit price example
    ['14685', 6], // GS1 General Specifications' 5-digit price example
    ['0000', 0],
    ['00000', 0],
  ])('value %s -> %i', (value, digit) => expect(valueCheckDigit(value)).toBe(digit));
});

describe('parseScaleLabel: the common EAN-13 variable-measure layouts', () => {
  // prefix, code digits, value, inner check, label, item code, amount
  it.each<[string, string, number, ScaleLabelRule['value'], boolean, string, number]>([
    // 20-29 + 5-digit PLU + 5-digit weight (grams) + check: 1.250 kg of item 12345
    ['20-29 + 5 PLU + 5 weight', '20-29', 5, 'weight', false, '12345', 1250],
    ['the same with prefix 28', '20-29', 5, 'weight', false, '00042', 985],
    // one prefix 2 + 6-digit item + 5-digit weight + check
    ['2 + 6 + 5 weight', '2', 6, 'weight', false, '123456', 12500],
    // 2-digit prefix + 6-digit item + 4-digit price + check (price-embedded, no inner check)
    ['2X + 6 + 4 price', '20-29', 6, 'price', false, '654321', 2875],
    // 2-digit prefix + 5-digit item + inner price check + 4-digit price + check (the US/UPC type-2 style)
    ['2X + 5 + check + 4 price', '20-29', 5, 'price', true, '12345', 2875],
    // 2-digit prefix + 4-digit item + inner check + 5-digit price + check
    ['2X + 4 + check + 5 price', '21', 4, 'price', true, '0777', 14685],
    // 02 (GS1's in-store prefix) + 5 + 5 weight
    ['02 + 5 + 5 weight', '02', 5, 'weight', false, '31415', 500],
  ])('%s', (_name, prefix, codeDigits, value, inner, itemCode, amount) => {
    const r = rule({ prefix, codeDigits, value, valueCheckDigit: inner });
    const head = prefix.slice(0, 2) === '20' ? (itemCode === '00042' ? '28' : '20') : prefix;
    const valueDigits = 12 - head.length - codeDigits - (inner ? 1 : 0);
    const label = buildScaleLabel(head, itemCode, String(amount).padStart(valueDigits, '0'), inner);
    expect(label).toHaveLength(13);
    expect(parseScaleLabel(label, r)).toEqual({ ok: true, itemCode, value, amount, currency: r.currency });
  });

  it('reads a real printed label digit by digit', () => {
    // 20 | 12345 | 01250 | 9 : 1.250 kg of PLU 12345
    expect(parseScaleLabel('2012345012509', rule({}))).toEqual({
      ok: true,
      itemCode: '12345',
      value: 'weight',
      amount: 1250,
      currency: 'IQD',
    });
    // 2 | 8 | 12345 | inner 9 | 2875 | check: 28.75 of item 12345 with its price check digit
    const label = buildScaleLabel('28', '12345', '2875', true);
    expect(label.slice(7, 8)).toBe('9');
    expect(parseScaleLabel(label, rule({ value: 'price', valueCheckDigit: true, currency: 'USD' }))).toMatchObject({
      ok: true,
      amount: 2875,
    });
  });

  it.each([
    ['a wrong EAN check digit', '2012345012508', rule({}), 'checkDigit'],
    ['a wrong inner price check digit', '2812345' + '0' + '2875' + '0', rule({ value: 'price', valueCheckDigit: true }), 'valueCheckDigit'],
    ['an ordinary barcode', '4006381333931', rule({}), 'layout'],
    ['outside the prefix range', buildScaleLabel('21', '12345', '01250', false), rule({ prefix: '28' }), 'layout'],
    ['too short', '201234501250', rule({}), 'layout'],
    ['letters', '20123450125a', rule({}), 'layout'],
    ['a shop with labels turned off', '2012345012509', DEFAULT_SCALE_LABEL_RULE, 'layout'],
  ])('refuses %s', (_name, code, r, error) => {
    const fixed = error === 'valueCheckDigit' ? code.slice(0, 12) + String(ean13CheckDigit(code.slice(0, 12))) : code;
    expect(parseScaleLabel(fixed, r)).toEqual({ ok: false, error });
  });

  it.each([
    [rule({}), null],
    [rule({ prefix: '2', codeDigits: 6 }), null],
    [rule({ prefix: '2-', codeDigits: 5 }), 'settings.scalePrefixInvalid'],
    [rule({ prefix: '29-20' }), 'settings.scalePrefixInvalid'],
    [rule({ prefix: '2', codeDigits: 5 }), 'settings.scaleLayoutInvalid'], // leaves 6 value digits
    [rule({ prefix: '20-29', codeDigits: 7 }), 'settings.scaleLayoutInvalid'], // leaves 3
  ])('a rule that cannot read 13 digits is refused (%#)', (r, key) => expect(scaleRuleProblem(r)?.key ?? null).toBe(key));
});

describe('weights and item codes', () => {
  it.each([
    ['1.25', 1250],
    ['1,250', 1250],
    ['0.005', 5],
    ['2', 2000],
    ['١٫٢٥', 1250], // Arabic-Indic digits and decimal separator, as a Kurdish keyboard types them
    ['0', null],
    ['1.2345', null],
    ['-1', null],
    ['abc', null],
  ])('kg %s -> %s grams', (text, grams) => expect(gramsFromKg(text)).toBe(grams));

  it('compares item codes without their leading zeros', () => {
    expect(scaleItemKey('00042')).toBe('42');
    expect(scaleItemKey('0')).toBe('0');
    expect(scaleItemKey('12a')).toBe('');
  });

  it.each([
    // price per kg (minor), grams, gross
    [1299, 1000, 1299],
    [1299, 500, 650], // 649.5 -> 650, half up
    [1299, 499, 648], // 648.201
    [12000, 1255, 15060], // dinars: 15,060
    [12000, 333, 3996],
  ])('a weighed line at %i a kg for %i g is %i', (price, grams, gross) => {
    expect(weighedGross(price, grams)).toBe(gross);
    expect(priceLine({ priceCents: price, quantity: grams, discountPercent: 0, weighed: true }).subtotalCents).toBe(gross);
  });
});
