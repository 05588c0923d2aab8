/** What a window shows while the server is starting: it asks again every 2 s. */
export const WAITING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">
<title>Dukan</title><style>body{font-family:system-ui,'Noto Sans Arabic',sans-serif;display:grid;place-items:center;height:100vh;margin:0;color:#334}
p{margin:.4rem;text-align:center}</style></head><body><div><p>Dukan is starting…</p><p lang="ckb" dir="rtl">دوکان خەریکی دەستپێکردنە…</p></div></body></html>`;
