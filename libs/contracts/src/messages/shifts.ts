// Texts of register shifts: opening with a float, cash in and out, the close and its approval (sales); merged by messages.ts.

export const shiftsEn = {
  'entities.shift': 'Shift',
  'shifts.alreadyOpen': 'A shift is already open on register {register}. Close it before opening another.',
  'shifts.notOpen': 'This shift is closed: nothing more can be recorded in it',
  'shifts.required': 'Open a shift on register {register} before selling: this shop does not sell without one.',
  'shifts.approvalRequired':
    'The count differs from what the drawer should hold by more than the shop allows ({differences}). A manager must accept the difference.',
  'shifts.closeNotYours': 'Only the cashier of this shift or a user who may close shifts can close it',
  'shifts.wrongRegister': 'This shift belongs to register {register}',
  'shifts.opened': 'The shift was opened',
  'shifts.closed': 'The shift was closed',
  'shifts.cashRecorded': 'The cash movement was recorded',
  'shifts.cashOutExceeds': 'The drawer should hold only {available}: that much can be taken out',
  'shifts.expenseTitle': 'Paid from the drawer (register {register}): {reason}',
} as const satisfies Record<string, string>;

export const shiftsKu: Record<keyof typeof shiftsEn, string> = {
  'entities.shift': 'شەفت',
  'shifts.alreadyOpen': 'شەفتێک پێشتر لەسەر کاشی {register} کراوەیە. پێش کردنەوەی یەکێکی تر دایبخە.',
  'shifts.notOpen': 'ئەم شەفتە داخراوە: ئیتر هیچی تێدا تۆمار ناکرێت',
  'shifts.required': 'پێش فرۆشتن شەفتێک لەسەر کاشی {register} بکەرەوە: ئەم دوکانە بێ شەفت نافرۆشێت.',
  'shifts.approvalRequired':
    'ژماردنەکە لەوەی دەبێت لە سندوقەکەدا بێت زیاتر لەوەی دوکانەکە ڕێگەی پێدەدات جیاوازە ({differences}). بەڕێوەبەرێک دەبێت جیاوازییەکە پەسەند بکات.',
  'shifts.closeNotYours': 'تەنها کاشێری ئەم شەفتە یان بەکارهێنەرێک کە دەتوانێت شەفت دابخات دەتوانێت دایبخات',
  'shifts.wrongRegister': 'ئەم شەفتە هی کاشی {register} ـە',
  'shifts.opened': 'شەفتەکە کرایەوە',
  'shifts.closed': 'شەفتەکە داخرا',
  'shifts.cashRecorded': 'جوڵەی پارەکە تۆمارکرا',
  'shifts.cashOutExceeds': 'سندوقەکە تەنها {available} تێدا دەبێت: تەنها ئەوەندە دەتوانرێت دەربهێنرێت',
  'shifts.expenseTitle': 'لە سندوقەوە دراوە (کاشی {register}): {reason}',
};
