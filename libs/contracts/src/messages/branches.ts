// Texts of branches and registers (settings) and of the branch a request acts in; merged by messages.ts.

export const branchesEn = {
  'branches.exists': 'A branch with this code already exists',
  'branches.lastActive': 'At least one branch must stay active',
  'branches.inactive': 'This branch is not active',
  'branches.notAllowed': 'You may not work in this branch',
  'branches.unknown': 'There is no such branch',
  'branches.homeNotAllowed': "The home branch must be one of the user's branches",
  'users.branchesAdminOnly': 'Only an administrator can set the branches of a user',
  'registers.unknown': 'This branch has no such register; an administrator adds registers in settings',
} as const satisfies Record<string, string>;

export const branchesKu: Record<keyof typeof branchesEn, string> = {
  'branches.exists': 'لقێک بەم کۆدە پێشتر هەیە',
  'branches.lastActive': 'دەبێت لانیکەم یەک لق چالاک بمێنێت',
  'branches.inactive': 'ئەم لقە چالاک نییە',
  'branches.notAllowed': 'ڕێگەت پێنەدراوە لەم لقەدا کار بکەیت',
  'branches.unknown': 'لقێکی وا نییە',
  'branches.homeNotAllowed': 'لقی سەرەکی دەبێت یەکێک بێت لە لقەکانی بەکارهێنەر',
  'users.branchesAdminOnly': 'تەنها بەڕێوەبەری سیستەم دەتوانێت لقەکانی بەکارهێنەرێک دیاری بکات',
  'registers.unknown': 'ئەم لقە کاشێرێکی وای نییە؛ بەڕێوەبەری سیستەم لە ڕێکخستنەکاندا کاشێر زیاد دەکات',
};
