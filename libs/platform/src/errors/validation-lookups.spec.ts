// class-validator's rule lookups kept per class: the same refusals as without, and a class loaded later still checked
// by its own rules and those it inherits.
import 'reflect-metadata';
import { IsInt, IsString, Min, MetadataStorage, ValidateNested, validate } from 'class-validator';
import { Type, plainToInstance } from 'class-transformer';
import { cacheValidationLookups } from './validation-lookups.js';

class Line {
  @IsInt()
  @Min(1)
  quantity!: number;
}

class Order {
  @IsString()
  note!: string;

  @ValidateNested({ each: true })
  @Type(() => Line)
  lines!: Line[];
}

const failures = async (cls: new () => object, body: object) =>
  (await validate(plainToInstance(cls, body), { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true })).map((e) => ({
    property: e.property,
    constraints: e.constraints,
    children: e.children?.map((c) => ({ property: c.property, children: c.children?.map((g) => [g.property, g.constraints]) })),
  }));

describe('kept validation lookups', () => {
  const bad = { note: 5, lines: [{ quantity: 0 }, { quantity: 2 }], extra: true };

  it('refuse a body exactly as the lookups made each time do', async () => {
    const before = await failures(Order, bad);
    expect(before.map((f) => f.property).sort()).toEqual(['extra', 'lines', 'note']);
    cacheValidationLookups();
    expect(await failures(Order, bad)).toEqual(before);
    expect(await failures(Order, bad)).toEqual(before);
    expect(await failures(Order, { note: 'ok', lines: [{ quantity: 3 }] })).toEqual([]);
  });

  it('see the rules of a class loaded after the first check, its own and those it inherits', async () => {
    cacheValidationLookups();
    await failures(Order, bad);
    class RushOrder extends Order {
      @IsInt()
      @Min(1)
      hours!: number;
    }
    const refused = await failures(RushOrder, { note: 7, lines: [], hours: 0 });
    expect(refused.map((f) => f.property).sort()).toEqual(['hours', 'note']);
  });

  it('answer a repeated lookup from what was kept', () => {
    const storage = new MetadataStorage();
    const seen: Function[] = [];
    const lookUp = storage.getTargetValidationMetadatas.bind(storage);
    storage.getTargetValidationMetadatas = (target, ...rest) => {
      seen.push(target);
      return lookUp(target, ...rest);
    };
    cacheValidationLookups(storage);
    const first = storage.getTargetValidationMetadatas(Order, '', false, false);
    expect(storage.getTargetValidationMetadatas(Order, '', false, false)).toBe(first);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    expect(seen).toEqual([Order]);
  });
});
