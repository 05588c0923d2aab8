// Texts of access control and staff administration that came with their rules; merged by messages.ts.

export const securityEn = {
  'auth.gatewayOnly': 'This service answers only through the gateway.',
  'users.cannotChangeOwnRole': 'You cannot change your own role',
  'users.cannotDeactivateSelf': 'You cannot deactivate your own account',
  'users.lowerRoleOnly': 'You can only manage users whose role is below yours',
  'users.permissionsAdminOnly': 'Only an administrator can set permissions',
  'users.otherBranches': 'You can only manage users who work only in your branches',
} as const satisfies Record<string, string>;

export const securityKu: Record<keyof typeof securityEn, string> = {
  'auth.gatewayOnly': 'ئەم خزمەتگوزارییە تەنها لە ڕێگەی دەروازەوە وەڵام دەداتەوە.',
  'users.cannotChangeOwnRole': 'ناتوانیت ڕۆڵی خۆت بگۆڕیت',
  'users.cannotDeactivateSelf': 'ناتوانیت هەژماری خۆت ناچالاک بکەیت',
  'users.lowerRoleOnly': 'تەنها دەتوانیت ئەو بەکارهێنەرانە بەڕێوەببەیت کە ڕۆڵیان لە خوار ڕۆڵی تۆوەیە',
  'users.permissionsAdminOnly': 'تەنها بەڕێوەبەر دەتوانێت مۆڵەتەکان دیاری بکات',
  'users.otherBranches': 'تەنها دەتوانیت ئەو بەکارهێنەرانە بەڕێوەببەیت کە تەنها لە لقەکانی تۆدا کار دەکەن',
};
