// What a request body's refusal says, field by field: the validation pipe with the rule decorators, read back as the
// error body a client gets (in English and in Kurdish).
import { Matches } from 'class-validator';
import { inputRuleText, translate } from '@dukan/contracts';
import { DomainError } from './domain-error.js';
import { errorBody } from './error.filter.js';
import { IsPhone } from './phone-field.js';
import { IsAmount } from './rule-fields.js';
import { createValidationPipe } from './validation.pipe.js';

class Payment {
  @IsAmount('amount')
  amountMinor!: number;
}

class Count {
  @IsAmount('amountOrZero', { max: 1000 })
  counted!: number;
}

class Price {
  @IsAmount('price')
  price!: number;
}

class Correction {
  @IsAmount('correction')
  amountMinor!: number;
}

class Contact {
  @IsPhone()
  phone!: string;
}

class Label {
  /** A key of another module than `validation.*`. */
  @Matches(/^\d{13}$/, { message: 'sales.scaleLabelInvalid' })
  scaleLabel!: string;
}

async function refusal(type: new () => object, body: object): Promise<DomainError | null> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype: type });
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

async function fieldText(type: new () => object, body: object, locale: 'en' | 'ku'): Promise<string | undefined> {
  const error = await refusal(type, body);
  if (!error) return undefined;
  const [first] = Object.values(errorBody(error, locale).errors ?? {});
  return first?.message;
}

describe('a money amount refused by its rule', () => {
  it.each([0, -5, 1.5, '100', 10_000_000_001])('%p as a payment is refused in the rule’s words, English and Kurdish', async (v) => {
    expect(await fieldText(Payment, { amountMinor: v }, 'en')).toBe(inputRuleText('en', 'amount'));
    expect(await fieldText(Payment, { amountMinor: v }, 'ku')).toBe(inputRuleText('ku', 'amount'));
  });

  it('takes a payment above zero', async () => {
    expect(await refusal(Payment, { amountMinor: 1 })).toBeNull();
  });

  it('takes zero where the rule does, up to the field’s own bound, and says "zero or more" otherwise', async () => {
    expect(await refusal(Count, { counted: 0 })).toBeNull();
    expect(await refusal(Count, { counted: 1000 })).toBeNull();
    expect(await fieldText(Count, { counted: 1001 }, 'ku')).toBe(inputRuleText('ku', 'amountOrZero'));
    expect(await fieldText(Count, { counted: -1 }, 'en')).toBe('Enter a valid amount of zero or more');
  });

  it('reads a price in dollars with cents, and refuses a negative one as the spec’s invalid number', async () => {
    expect(await refusal(Price, { price: 12.99 })).toBeNull();
    expect(await fieldText(Price, { price: -1 }, 'en')).toBe(translate('en', 'validation.invalidNumber'));
  });

  it('takes a correction either way but never 0', async () => {
    expect(await refusal(Correction, { amountMinor: -500 })).toBeNull();
    expect(await fieldText(Correction, { amountMinor: 0 }, 'en')).toBe(inputRuleText('en', 'amount'));
  });
});

describe('the message key a field names', () => {
  it('is the refusal’s, whatever module it belongs to', async () => {
    const error = await refusal(Label, { scaleLabel: '12' });
    expect(error?.fieldErrors.scaleLabel?.key).toBe('sales.scaleLabelInvalid');
    expect(await fieldText(Label, { scaleLabel: '12' }, 'en')).toBe(translate('en', 'sales.scaleLabelInvalid'));
  });

  it('is the phone rule’s for a phone that is not one, and a number in Kurdish digits passes', async () => {
    expect(await fieldText(Contact, { phone: '0750' }, 'ku')).toBe(inputRuleText('ku', 'phone'));
    expect(await refusal(Contact, { phone: '٠٧٥٠١٢٣٤٥٦٧' })).toBeNull();
  });
});
