import { escapeLike, returnedRows, UUID } from './sql.js';

describe('SQL helpers', () => {
  it('escapeLike makes %, _ and the escape character itself literal', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it("returnedRows flattens TypeORM's [rows, affected] answer and leaves plain rows alone", () => {
    expect(returnedRows([[{ id: 1 }], 1])).toEqual([{ id: 1 }]);
    expect(returnedRows([{ id: 1 }, { id: 2 }])).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it.each([
    ['5f0c1a52-8a3b-4c1e-9d2f-0a1b2c3d4e5f', true],
    ['5F0C1A52-8A3B-4C1E-9D2F-0A1B2C3D4E5F', true],
    ['5f0c1a52-8a3b-4c1e-9d2f-0a1b2c3d4e5', false],
    ["x' OR 1=1 --", false],
  ])('UUID.test(%s) is %s', (text, ok) => {
    expect(UUID.test(text)).toBe(ok);
  });
});
