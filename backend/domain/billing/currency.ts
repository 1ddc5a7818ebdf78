/**
 * Amounts of money as integers of their currency's minor unit (issue 48): 9.99 USD is 999,
 * 1000 JPY is 1000, 1.234 KWD is 1234. Events and read models carry minor units; major units
 * (9.99) appear only where a person reads them (API responses, messages).
 */

/** ISO 4217 currencies whose minor unit is not the hundredth (lower-case codes). */
const minorUnitDigitsOf: Readonly<Record<string, number>> = {
  // No minor unit.
  bif: 0, clp: 0, djf: 0, gnf: 0, isk: 0, jpy: 0, kmf: 0, krw: 0, pyg: 0, rwf: 0, ugx: 0, uyi: 0, vnd: 0, vuv: 0, xaf: 0, xof: 0, xpf: 0,
  // Thousandths.
  bhd: 3, iqd: 3, jod: 3, kwd: 3, lyd: 3, omr: 3, tnd: 3,
  // Ten-thousandths (units of account).
  clf: 4, uyw: 4,
};

/** How many decimal digits `currency` (any case) has: 0 for JPY, 3 for KWD, 2 for every other. */
export function minorUnitDigits(currency: string): number {
  return minorUnitDigitsOf[currency.toLowerCase()] ?? 2;
}

/** A major-unit amount (9.99) as an integer of the currency's minor unit (999). */
export function toMinorUnits(amount: number, currency: string): number {
  // Through the decimal text, so 1.005 × 100 does not round down to 100.
  const digits = minorUnitDigits(currency);
  const text = String(amount);
  return Math.round(text.includes('e') ? amount * 10 ** digits : Number(`${text}e${digits}`));
}

/** A minor-unit amount (999) in major units (9.99). */
export function toMajorUnits(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** minorUnitDigits(currency);
}

/** A minor-unit amount as a decimal with the currency's digits, by integer arithmetic ("9.99", "1000", "1.234", "-0.50"). */
export function formatMinorUnits(amountMinor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const text = String(Math.abs(Math.round(amountMinor))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
