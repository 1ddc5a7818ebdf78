import './initials-avatar.css';
/** Fills dark enough for the white initials to keep a contrast of at least 4.5:1 (WCAG AA). */
export const AVATAR_PALETTE = ['#215db0', '#1c6e42', '#935610', '#5642a6', '#ac2f33', '#8a6200', '#a82c0e', '#0f6894', '#007067', '#634dbf', '#8f398f', '#5a701a'];

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) >>> 0;
  return value;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts.length === 0 ? '?' : parts.slice(0, 2).map((p) => p[0]!.toUpperCase()).join('');
}

/** An avatar drawn locally from a name: the initials on a colour chosen by the name's hash. */
export function InitialsAvatar({ name, size = 36 }: { name: string; size?: number }) {
  const color = AVATAR_PALETTE[hash(name) % AVATAR_PALETTE.length];
  return (
    <span
      className="initials-avatar"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4), background: color }}
    >
      {initialsOf(name)}
    </span>
  );
}
