const PALETTE = ['#2d72d2', '#238551', '#c87619', '#7961db', '#cd4246', '#d1980b', '#d13913', '#147eb3', '#00a396', '#634dbf', '#8f398f', '#5a701a'];

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
  const color = PALETTE[hash(name) % PALETTE.length];
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
