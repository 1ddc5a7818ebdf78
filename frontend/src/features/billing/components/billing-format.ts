/** Money and dates on the billing screens. */

/** "$9.99" for 9.99 usd; a currency the browser does not know is written out ("9.99 XYZ"). */
export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** "31 December 2026", the app's en-GB long date; a value that is not a date is shown as it came. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

/** What is left until `endsAt`, or null once it has passed (or when it is not a date). */
export function timeLeft(endsAt: string, now: number): CountdownParts | null {
  const end = Date.parse(endsAt);
  if (Number.isNaN(end)) return null;
  const left = Math.floor((end - now) / 1000);
  if (left <= 0) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  };
}
