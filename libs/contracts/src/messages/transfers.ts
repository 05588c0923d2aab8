// Texts of per-branch prices and of stock transfers between branches (catalog); merged by messages.ts.

export const transfersEn = {
  'entities.transfer': 'Transfer',
  'transfers.sameBranch': 'A transfer goes to another branch than the one sending it',
  'transfers.notInTransit': 'This transfer has already been received',
  'transfers.wrongBranch': 'Only the branch it was sent to can receive this transfer',
  'transfers.receivedDiffers': 'This transfer was already received with other counts',
  'transfers.productTwice': 'Each product may appear once in a transfer',
  'transfers.notEnoughStock': 'Only {quantity} in stock in this branch',
  'transfers.receivedTooMany': 'No more can arrive than was sent ({sent})',
  'transfers.linesMismatch': 'Give a count for every product of the transfer, and only those',
  'transfers.idempotencyReused': 'This Idempotency-Key was already used for a different transfer',
  'transfers.cancelWrongBranch': 'Only the branch that sent this transfer can cancel it',
  'transfers.cancelNotInTransit': 'This transfer has already been received, so it can no longer be cancelled',
  'transfers.receiveCancelled': 'This transfer was cancelled: its stock went back to the branch that sent it',
} as const satisfies Record<string, string>;

export const transfersKu: Record<keyof typeof transfersEn, string> = {
  'entities.transfer': 'گواستنەوە',
  'transfers.sameBranch': 'گواستنەوە دەبێت بۆ لقێکی تر بێت جگە لەو لقەی دەینێرێت',
  'transfers.notInTransit': 'ئەم گواستنەوەیە پێشتر وەرگیراوە',
  'transfers.wrongBranch': 'تەنها ئەو لقەی بۆی نێردراوە دەتوانێت ئەم گواستنەوەیە وەربگرێت',
  'transfers.receivedDiffers': 'ئەم گواستنەوەیە پێشتر بە ژمارەی جیاواز وەرگیراوە',
  'transfers.productTwice': 'هەر کاڵایەک تەنها یەک جار دەتوانێت لە گواستنەوەیەکدا بێت',
  'transfers.notEnoughStock': 'تەنها {quantity} لە کۆگای ئەم لقەدا هەیە',
  'transfers.receivedTooMany': 'ناتوانرێت لەوەی نێردراوە ({sent}) زیاتر بگات',
  'transfers.linesMismatch': 'بۆ هەموو کاڵاکانی گواستنەوەکە ژمارەیەک بنووسە، و تەنها بۆ ئەوان',
  'transfers.idempotencyReused': 'ئەم Idempotency-Key ـە پێشتر بۆ گواستنەوەیەکی تر بەکارهاتووە',
  'transfers.cancelWrongBranch': 'تەنها ئەو لقەی ئەم گواستنەوەیەی ناردووە دەتوانێت هەڵیبوەشێنێتەوە',
  'transfers.cancelNotInTransit': 'ئەم گواستنەوەیە پێشتر وەرگیراوە، بۆیە ئیتر ناتوانرێت هەڵبوەشێنرێتەوە',
  'transfers.receiveCancelled': 'ئەم گواستنەوەیە هەڵوەشێنرایەوە: کاڵاکانی گەڕێنرانەوە بۆ ئەو لقەی ناردبووی',
};
