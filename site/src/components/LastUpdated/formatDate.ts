const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date as English `Intl.DateTimeFormat` writes it with `{ day: 'numeric', month: 'short',
 * year: 'numeric', timeZone: 'UTC' }` ("Nov 24, 2026"), without Intl: creating the first Intl
 * formatter of a page starts ICU, about 30 ms of main thread on a desktop CPU during hydration.
 * The site has one locale, English.
 */
export function formatDate(timestamp: number): string {
  const date = new Date(timestamp);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
