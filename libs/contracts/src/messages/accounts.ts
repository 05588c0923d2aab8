// Customer accounts' texts (the debt book): refusals of sales on account, repayments and limits, in English and
// Kurdish; merged by messages.ts.

export const accountsEn = {
  'accounts.creditLimitExceeded':
    'This sale would take the customer to {owed} owed, above their credit limit of {limit}. A manager can allow it.',
  'accounts.noCredit': 'This customer has no credit: set a credit limit first, or a manager can allow the sale.',
  'accounts.overpaid': 'The customer owes at most {max} when paying in this currency',
  'accounts.nothingOwed': 'The customer owes nothing',
  'accounts.unavailable': 'Customer accounts cannot be reached now: take another payment, or try again in a moment',
  'accounts.rateUnknown': 'The exchange rate is not known yet: try again in a moment',
  'accounts.limitNotAllowed': 'Only a user allowed to give credit can change a credit limit',
  'accounts.repaymentRecorded': 'Repayment recorded',
  'accounts.adjustmentRecorded': 'Adjustment recorded',
  'accounts.idempotencyReused': 'This repayment key was already used for a different repayment',
  'accounts.customerRepayment': 'Customer repayment',
  /** A refusal customer accounts worded, passed on by the till's service as it came. */
  'accounts.passedOn': 'Customer account: {message}',
  'accounts.methodNotAccount': 'A repayment is taken in cash, by card or by transfer, never on account',
} as const satisfies Record<string, string>;

export const accountsKu: Record<keyof typeof accountsEn, string> = {
  'accounts.creditLimitExceeded':
    'ئەم فرۆشتنە قەرزی کڕیار دەگەیەنێتە {owed}، کە لە سنووری قەرزەکەی ({limit}) زیاترە. بەڕێوەبەرێک دەتوانێت ڕێگەی پێبدات.',
  'accounts.noCredit': 'ئەم کڕیارە قەرزی بۆ نییە: سەرەتا سنووری قەرز دابنێ، یان بەڕێوەبەرێک ڕێگە بە فرۆشتنەکە بدات.',
  'accounts.overpaid': 'کڕیار بەم دراوە لە {max} زیاتری قەرز نییە',
  'accounts.nothingOwed': 'کڕیار هیچ قەرزێکی نییە',
  'accounts.unavailable': 'ئێستا ناتوانرێت دەست بە هەژماری کڕیاران بگات: بە شێوەیەکی تر پارە وەربگرە، یان کەمێکی تر هەوڵ بدەرەوە',
  'accounts.rateUnknown': 'نرخی ئاڵوگۆڕ هێشتا نەزانراوە: کەمێکی تر هەوڵ بدەرەوە',
  'accounts.limitNotAllowed': 'تەنها بەکارهێنەرێک کە ڕێگەی پێدراوە قەرز بدات دەتوانێت سنووری قەرز بگۆڕێت',
  'accounts.repaymentRecorded': 'دانەوەی قەرز تۆمارکرا',
  'accounts.adjustmentRecorded': 'ڕاستکردنەوەکە تۆمارکرا',
  'accounts.idempotencyReused': 'ئەم کلیلەی دانەوە پێشتر بۆ دانەوەیەکی جیاواز بەکارهاتووە',
  'accounts.customerRepayment': 'دانەوەی قەرزی کڕیار',
  'accounts.passedOn': 'هەژماری کڕیار: {message}',
  'accounts.methodNotAccount': 'دانەوەی قەرز بە پارەی نەقد، کارت یان گواستنەوە وەردەگیرێت، هەرگیز لەسەر هەژمار نا',
};
