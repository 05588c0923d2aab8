/** A day written yyyy-MM-dd as a Date at local midnight, so formatting never shifts it to the day before. */
export function dayDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}
