import type { Texts } from '../../i18n/types.js';

/** English texts of the backup status (settings hub, dashboard), under the `backups` key of the catalogue. */
export const en = {
  title: 'Backups',
  lastGood: 'Last good backup: {{when}}',
  where: 'Kept in {{folder}}',
  encrypted: 'Encrypted with the owner’s passphrase',
  none: 'There is no good backup yet.',
  daily: 'Taken by itself every day at {{time}}, and checked by a restore before it counts.',
  overdue: 'No good backup for two days: check the backup folder and the drive in the desktop app.',
  managed: 'This server’s database is backed up by the managed database service.',
  fetchError: 'The backup status could not be loaded.',
};

export const ku: Texts<typeof en> = {
  title: 'پاشەکەوتەکان',
  lastGood: 'دوایین پاشەکەوتی دروست: {{when}}',
  where: 'هەڵگیراوە لە {{folder}}',
  encrypted: 'بە وشەی نهێنی خاوەنەکەی نهێنیکراوە',
  none: 'هێشتا هیچ پاشەکەوتێکی دروست نییە.',
  daily: 'هەموو ڕۆژێک لە کاتژمێر {{time}} خۆکارانە دەگیرێت، و پێش ئەوەی بژمێردرێت بە گەڕاندنەوە تاقی دەکرێتەوە.',
  overdue: 'دوو ڕۆژە هیچ پاشەکەوتێکی دروست نییە: بوخچەی پاشەکەوت و وەگەڕخەرەکە لە بەرنامەی دێسکتۆپ بپشکنە.',
  managed: 'بنکەدراوەی ئەم ڕاژەکارە لەلایەن خزمەتگوزاری بنکەدراوەوە پاشەکەوت دەکرێت.',
  fetchError: 'دۆخی پاشەکەوت نەهێنرا.',
};
