// The rules of typed input, as both the services and the app's forms apply them.
import { translate, SERVER_MESSAGES } from './messages.js';
import {
  AMOUNT_RULES,
  EMAIL_MAX_LENGTH,
  INPUT_RULE_KEYS,
  MAX_AMOUNT_MINOR,
  MAX_PRICE_DOLLARS,
  inputRuleText,
  inputRulesEn,
  inputRulesKu,
  isValidAmount,
  isValidEmail,
  isValidPassword,
  isValidUsername,
  type InputRule,
} from './validation.js';

describe('email', () => {
  it.each(['a@b.co', 'user.name+tag@shop.example.iq', 'ALI_K@Mail.COM'])('%s is a valid email', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    'ئاراس@shop.iq',
    'josé@shop.iq',
    'a@شۆپ.iq',
    'a@b',
    'a b@c.com',
    '@x.com',
    'a@.com',
    'a@b.c',
    'a@-b.com',
    'plainaddress',
    `${'a'.repeat(250)}@b.com`,
  ])('%s is not a valid email', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('takes an address of exactly the longest length and refuses one character more', () => {
    const domain = '@shop.example.iq';
    const longest = `${'a'.repeat(EMAIL_MAX_LENGTH - domain.length)}${domain}`;
    expect(isValidEmail(longest)).toBe(true);
    expect(isValidEmail(`a${longest}`)).toBe(false);
  });

  it('answers quickly on hostile input', () => {
    const started = Date.now();
    expect(isValidEmail(`a@${'a.'.repeat(120)}`)).toBe(false);
    expect(isValidEmail(`a@${'a'.repeat(240)}!`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(200);
  });
});

describe('username', () => {
  it.each(['rezan', 'rezan.k_1-a', 'ڕێزان', 'Ali2'])('%s is a valid username', (name) => {
    expect(isValidUsername(name)).toBe(true);
  });

  it.each(['', 'rezan kamal', 'rezan@shop', 'a/b', 'x'.repeat(51)])('%j is not a valid username', (name) => {
    expect(isValidUsername(name)).toBe(false);
  });
});

describe('password', () => {
  it('takes 6 to 200 characters', () => {
    expect(['12345', '123456', 'x'.repeat(200), 'x'.repeat(201)].map(isValidPassword)).toEqual([false, true, true, false]);
  });
});

describe('amounts in minor units', () => {
  it('takes whole numbers above zero up to the largest amount (zero when asked)', () => {
    expect([1, 250, MAX_AMOUNT_MINOR].every((v) => isValidAmount(v, 'amount'))).toBe(true);
    expect([0, -1, 1.5, MAX_AMOUNT_MINOR + 1, Number.NaN, Infinity].some((v) => isValidAmount(v, 'amount'))).toBe(false);
    expect(isValidAmount(0, 'amountOrZero')).toBe(true);
    expect(['5', null, undefined].some((v) => isValidAmount(v, 'amount'))).toBe(false);
  });

  it('keeps to a tighter bound a field sets', () => {
    expect([isValidAmount(100, 'amount', { max: 100 }), isValidAmount(101, 'amount', { max: 100 })]).toEqual([true, false]);
  });
});

describe('the kinds of amount', () => {
  it('each name a key of the catalogue, with its words in both languages', () => {
    for (const rule of Object.values(AMOUNT_RULES)) {
      expect(translate('en', rule.key)).not.toBe(rule.key);
      expect(translate('ku', rule.key)).not.toBe(translate('en', rule.key));
    }
  });

  it('keep each field’s range: a price in dollars with cents from 0, a dinar price whole, a correction either way', () => {
    expect([0, 12.99, MAX_PRICE_DOLLARS].every((v) => isValidAmount(v, 'price'))).toBe(true);
    expect([-0.01, MAX_PRICE_DOLLARS + 1].some((v) => isValidAmount(v, 'price'))).toBe(false);
    expect([isValidAmount(1500, 'priceIqd'), isValidAmount(1500.5, 'priceIqd')]).toEqual([true, false]);
    expect([-500, 500].every((v) => isValidAmount(v, 'correction'))).toBe(true);
    expect(isValidAmount(0, 'correction')).toBe(false);
    expect([isValidAmount(0.01, 'expense'), isValidAmount(0, 'expense')]).toEqual([true, false]);
  });

  it('let a field tighten the bound but never widen it', () => {
    expect(isValidAmount(MAX_AMOUNT_MINOR + 1, 'amount', { max: MAX_AMOUNT_MINOR * 2 })).toBe(false);
    expect(isValidAmount(MAX_AMOUNT_MINOR + 1, 'tender')).toBe(true);
  });
});

describe('the wording of each rule', () => {
  const rules = Object.keys(INPUT_RULE_KEYS) as InputRule[];

  it('is one text per language, the same the server answers with', () => {
    for (const rule of rules) {
      const key = INPUT_RULE_KEYS[rule];
      expect(inputRuleText('en', rule)).toBe(translate('en', key));
      expect(inputRuleText('ku', rule)).toBe(translate('ku', key));
      expect(inputRuleText('ku', rule)).not.toBe(inputRuleText('en', rule));
    }
  });

  it('has a Kurdish text for every English one and no other', () => {
    expect(Object.keys(inputRulesKu).sort()).toEqual(Object.keys(inputRulesEn).sort());
    for (const key of Object.keys(inputRulesEn)) expect(Object.keys(SERVER_MESSAGES.en)).toContain(key);
  });

  it('says the password length the check applies', () => {
    expect(inputRuleText('en', 'password')).toBe('Password must be at least 6 characters');
    expect(inputRuleText('ku', 'password')).toContain('6');
  });
});
