/** The welcome toast of the first load and of a login (docs/product.md#first-load-and-greetings). */

export const SPECIAL_USER_ID = 3;
export const SPECIAL_GREETING = '大佬光临，真是三生有幸';
export const GENERIC_WELCOME = '欢迎来到本站，愿你在这里度过愉快的时光～';
export const GREETING_TITLE = '欢迎～';
/** One welcome on screen at a time: a login's greeting replaces the first visit's (toast key). */
export const GREETING_KEY = 'welcome';

type Band = { from: number; to: number; hello: string; tail: string };

/** The greeting bands, by hour of the visitor's clock: [from, to). */
export const GREETING_BANDS: readonly Band[] = [
  { from: 0, to: 5, hello: '夜里好', tail: '夜深人静，记得早点休息哦' },
  { from: 5, to: 9, hello: '早上好', tail: '新的一天从一杯温水开始吧' },
  { from: 9, to: 12, hello: '上午好', tail: '愿你今天事事顺利' },
  { from: 12, to: 14, hello: '中午好', tail: '吃饱了记得歇一会儿' },
  { from: 14, to: 18, hello: '下午好', tail: '来杯茶，继续加油吧' },
  { from: 18, to: 20, hello: '傍晚好', tail: '忙碌了一天，辛苦啦' },
  { from: 20, to: 22, hello: '晚上好', tail: '读几篇文章放松一下吧' },
  { from: 22, to: 24, hello: '夜深了', tail: '别熬太晚，祝你好梦' },
];

export function greetingBand(hour: number): Band {
  const h = ((Math.floor(hour) % 24) + 24) % 24;
  return GREETING_BANDS.find((b) => h >= b.from && h < b.to) ?? GREETING_BANDS[0];
}

/** The greeting built from a nick name for the given hour; the generic line when there is no name. */
export function welcomeSay(name: string | null | undefined, hour: number): string {
  const who = name?.trim();
  if (!who) return GENERIC_WELCOME;
  const band = greetingBand(hour);
  return `${band.hello}，${who}，${band.tail}`;
}

/** The welcome for a (possibly absent) user: the special line for user id 3. */
export function welcomeFor(user: { id: number; nick_name: string } | null | undefined, hour: number): string {
  if (user?.id === SPECIAL_USER_ID) return SPECIAL_GREETING;
  return welcomeSay(user?.nick_name, hour);
}
