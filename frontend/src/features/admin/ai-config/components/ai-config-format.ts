import type { AiConfigDto, AiConfigVersionDto } from '@contracts/ai-config';

export function formatSaved(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** "Version 3, saved 22 Nov 2026, 10:00 by Grace Hopper", or the built-in defaults. */
export function versionLine(config: Pick<AiConfigDto, 'version' | 'savedAt' | 'savedBy'> | Pick<AiConfigVersionDto, 'version' | 'savedAt' | 'savedBy'>): string {
  if (config.version === 0 || !config.savedAt) return 'Built-in defaults (never saved)';
  return `Version ${config.version}, saved ${formatSaved(config.savedAt)} by ${config.savedBy?.name ?? 'the system'}`;
}
