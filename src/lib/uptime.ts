/**
 * The footer's 运行时间: how long the site has run since `config.createdAt`, as Butterfly and Halo show
 * it (天 小时 分 秒). The server renders it and the chrome ticks it (chrome/footer/uptime.ts), so a page
 * the page cache kept for a while still shows the right figure once its script runs.
 */
export function uptimeText(startIso: string, now: number): string {
  const start = Date.parse(startIso);
  if (Number.isNaN(start)) return '';
  let s = Math.max(0, Math.floor((now - start) / 1000));
  const days = Math.floor(s / 86_400);
  s -= days * 86_400;
  const hours = Math.floor(s / 3600);
  s -= hours * 3600;
  const minutes = Math.floor(s / 60);
  return `${days} 天 ${hours} 小时 ${minutes} 分 ${s - minutes * 60} 秒`;
}
