// Texts of the shop's sales tax (its setting, and a sale whose stated tax is not ours); merged by messages.ts.

export const taxEn = {
  'validation.taxRate': 'The tax rate must be a percent from 0 to 100, with at most 2 decimals',
  'validation.taxMode': 'Tax must be either included in prices or added to them',
  'sales.taxMismatch': 'The tax is {expected}, not {given}',
} as const satisfies Record<string, string>;

export const taxKu: Record<keyof typeof taxEn, string> = {
  'validation.taxRate': 'ڕێژەی باج دەبێت لە نێوان 0 بۆ 100 بێت، لانیزۆر بە 2 ژمارەی دوای خاڵ',
  'validation.taxMode': 'باج دەبێت یان لەناو نرخەکاندا بێت یان بخرێتە سەریان',
  'sales.taxMismatch': 'باجەکە {expected}ە، نەک {given}',
};
