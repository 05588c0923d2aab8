import { formatPhone, isValidPhone, parsePhone, phoneMatchesSearch, phoneSearchDigits } from './phone.js';

describe('reading a phone as people write it', () => {
  it.each([
    // Iraqi mobiles, every common way
    ['07501234567', '+9647501234567'],
    ['0750 123 4567', '+9647501234567'],
    ['0750-123-4567', '+9647501234567'],
    ['0750.123.4567', '+9647501234567'],
    ['(0750) 123 4567', '+9647501234567'],
    ['  0750 123 4567 ', '+9647501234567'],
    ['7501234567', '+9647501234567'],
    ['+9647501234567', '+9647501234567'],
    ['+964 750 123 4567', '+9647501234567'],
    ['+964 7501234567', '+9647501234567'],
    ['+964-750-123-4567', '+9647501234567'],
    ['+964 (0) 750 123 4567', '+9647501234567'],
    ['00964 750 123 4567', '+9647501234567'],
    ['009647501234567', '+9647501234567'],
    ['964 750 123 4567', '+9647501234567'],
    ['07701112233', '+9647701112233'],
    ['+964 7701112233', '+9647701112233'],
    ['0780 123 4567', '+9647801234567'],
    ['0790 123 4567', '+9647901234567'],
    // Eastern Arabic and Persian digits, as Kurdish and Arabic keyboards type them
    ['٠٧٥٠١٢٣٤٥٦٧', '+9647501234567'],
    ['٠٧٥٠ ١٢٣ ٤٥٦٧', '+9647501234567'],
    ['+٩٦٤ ٧٧٠ ١١١ ٢٢٣٣', '+9647701112233'],
    ['۰۷۷۰۱۱۱۲۲۳۳', '+9647701112233'],
    // Landlines: Baghdad, Erbil, Sulaymaniyah
    ['01 234 5678', '+96412345678'],
    ['066 222 3344', '+964662223344'],
    ['053 123 4567', '+964531234567'],
    // Other countries with their code
    ['+1 202 555 0123', '+12025550123'],
    ['+1-2025550123', '+12025550123'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%j is %s', (typed, canonical) => {
    expect(parsePhone(typed)).toBe(canonical);
    expect(isValidPhone(typed)).toBe(true);
  });

  it.each([
    '',
    '   ',
    '12345', // too short
    '0750 123 456', // a digit missing
    '0750 123 45678', // a digit too many
    '+964 750 123 45678',
    '12345678901234',
    '0964 750 123 4567', // a national 0 before the country code
    '+96475012345a7',
    '0750 123 4567 ext 5', // an extension would be dropped
    'Tel 0750 123 4567',
    '++9647501234567',
    '+',
    `0750 ${' '.repeat(40)}1234567`, // longer than any way of writing a number
  ])('%j is not a phone number', (typed) => {
    expect(parsePhone(typed)).toBeNull();
    expect(isValidPhone(typed)).toBe(false);
  });

  it('answers quickly on hostile input', () => {
    const started = Date.now();
    expect(isValidPhone('1'.repeat(10_000))).toBe(false);
    expect(isValidPhone(`+${'9-'.repeat(5_000)}`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(200);
  });
});

describe('showing a phone', () => {
  it.each([
    ['+9647501234567', '0750 123 4567'],
    ['+9647701112233', '0770 111 2233'],
    ['+96412345678', '01 234 5678'],
    ['+12025550123', '+1 202 555 0123'],
    ['07501234567', '0750 123 4567'], // written locally before phones were kept in one form
    ['12345678901234', '12345678901234'], // kept from before and not a number: as it is
  ])('%s is shown as %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });
});

describe('finding a phone by any fragment', () => {
  const stored = '+9647701112233';

  it.each(['0770', '770', '+964770', '964770', '00964770', '0770 111', '0770-111-2233', '07701112233', '2233', '111 22', '٠٧٧٠'])(
    '%j finds %s',
    (search) => {
      expect(phoneMatchesSearch(stored, search)).toBe(true);
    },
  );

  it.each(['0750', '0771', '+964750', '07701112234', '3322', '07', 'Rebin'])('%j does not find %s', (search) => {
    expect(phoneMatchesSearch(stored, search)).toBe(false);
  });

  it('looks a local or international start up at the start of the international digits only', () => {
    expect(phoneSearchDigits('0770 111')).toEqual({ contains: '0770111', prefixes: ['964770111'] });
    expect(phoneSearchDigits('00964 770')).toEqual({ contains: '00964770', prefixes: ['964770'] });
    expect(phoneSearchDigits('+964 770')).toEqual({ contains: '964770', prefixes: [] });
    expect(phoneSearchDigits('Rebin 12')).toBeNull();
  });

  it('still finds a phone kept as it was written before', () => {
    expect(phoneMatchesSearch('0770 111 2233', '0770 111')).toBe(true);
  });
});
