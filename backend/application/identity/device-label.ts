/**
 * What a person calls the device a sign-in came from: its browser and system, "Chrome on Windows",
 * from the User-Agent header (issue 52: "signed in from a new device"). Only the two names are
 * kept, never the header itself or the address: enough to recognise one's own devices, nothing to
 * track anyone by. An agent it cannot name is "an unknown browser" on "an unknown system".
 */
const browsers: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const systems: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const nameIn = (agent: string, names: readonly [RegExp, string][]) => names.find(([pattern]) => pattern.test(agent))?.[1];

export function deviceLabel(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').slice(0, 512);
  return `${nameIn(agent, browsers) ?? 'an unknown browser'} on ${nameIn(agent, systems) ?? 'an unknown system'}`;
}
