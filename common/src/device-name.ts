/**
 * A readable name for a signed-in browser from its User-Agent, for "Your devices": "Firefox on
 * macOS", "Safari on iPhone". A few rules for the browsers people use rather than a parsing
 * library (ADR 005): the name helps someone recognise their own devices, nothing decides on it.
 */
export type DeviceKind = 'phone' | 'tablet' | 'computer';

export interface DeviceName {
  name: string;
  kind: DeviceKind;
}

/** Checked in order: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari". */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  // Headless Chrome (automated browsers) says HeadlessChrome/.
  [/(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const PLATFORMS: readonly [RegExp, string, DeviceKind][] = [
  [/\biPhone\b/, 'iPhone', 'phone'],
  [/\biPad\b/, 'iPad', 'tablet'],
  [/\bAndroid\b.*\bMobile\b/, 'Android', 'phone'],
  [/\bAndroid\b/, 'Android tablet', 'tablet'],
  [/\bCrOS\b/, 'ChromeOS', 'computer'],
  [/\bWindows\b/, 'Windows', 'computer'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS', 'computer'],
  [/\bLinux\b/, 'Linux', 'computer'],
];

export function deviceName(userAgent: string | null): DeviceName {
  if (!userAgent) return { name: 'Unknown device', kind: 'computer' };
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const platform = PLATFORMS.find(([pattern]) => pattern.test(userAgent));
  const kind = platform?.[2] ?? 'computer';
  if (browser && platform) return { name: `${browser} on ${platform[1]}`, kind };
  if (browser) return { name: browser, kind };
  if (platform) return { name: `Browser on ${platform[1]}`, kind };
  return { name: 'Unknown browser', kind };
}
