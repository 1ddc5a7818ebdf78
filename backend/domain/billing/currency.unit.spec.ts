import { describe, expect, it } from 'vitest';
import { formatMinorUnits, minorUnitDigits, toMajorUnits, toMinorUnits } from './currency';

describe('amounts in the minor unit of their currency', () => {
  it('count hundredths of two-decimal currencies: 9.99 USD is 999', () => {
    expect(toMinorUnits(9.99, 'usd')).toBe(999);
    expect(toMajorUnits(999, 'usd')).toBe(9.99);
    expect(toMinorUnits(19.99, 'EUR')).toBe(1999);
    // 1.005 × 100 is 100.49999… as floats: the conversion goes through the decimal text.
    expect(toMinorUnits(1.005, 'usd')).toBe(101);
  });

  it('convert amounts JavaScript writes in exponent form too', () => {
    expect(toMinorUnits(1e21, 'usd')).toBe(1e23);
    expect(toMinorUnits(2e21, 'jpy')).toBe(2e21);
    expect(toMinorUnits(1e-7, 'usd')).toBe(0);
  });

  it('count whole units of zero-decimal currencies: 1000 JPY is 1000', () => {
    expect(toMinorUnits(1000, 'jpy')).toBe(1000);
    expect(toMajorUnits(1000, 'JPY')).toBe(1000);
    expect(['krw', 'vnd', 'clp', 'isk', 'ugx', 'xaf', 'xof'].map(minorUnitDigits)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('keep the third digit of three-decimal currencies: 1.234 KWD is 1234', () => {
    expect(toMinorUnits(1.234, 'kwd')).toBe(1234);
    expect(toMajorUnits(1234, 'kwd')).toBe(1.234);
    expect(['bhd', 'iqd', 'jod', 'kwd', 'lyd', 'omr', 'tnd'].map(minorUnitDigits)).toEqual([3, 3, 3, 3, 3, 3, 3]);
  });

  it('are written with the currency\'s decimals by integer arithmetic', () => {
    expect(formatMinorUnits(999, 'usd')).toBe('9.99');
    expect(formatMinorUnits(5, 'usd')).toBe('0.05');
    expect(formatMinorUnits(-1250, 'usd')).toBe('-12.50');
    expect(formatMinorUnits(1000, 'jpy')).toBe('1000');
    expect(formatMinorUnits(1234, 'kwd')).toBe('1.234');
    expect(formatMinorUnits(0, 'kwd')).toBe('0.000');
  });
});
