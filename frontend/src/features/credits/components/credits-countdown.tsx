import './credits-countdown.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { creditsQueryKey } from '../api/get-credits';

/**
 * Spec §2: days/hours/minutes, then hours/minutes/seconds, then minutes/seconds; "Resetting..." at
 * zero; "--" without a date.
 */
export function formatCountdown(resetAt: string | null | undefined, now: number): string {
  if (!resetAt) return '--';
  const target = Date.parse(resetAt);
  if (Number.isNaN(target)) return '--';
  const left = Math.floor((target - now) / 1000);
  if (left <= 0) return 'Resetting...';
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3_600);
  const minutes = Math.floor((left % 3_600) / 60);
  const seconds = left % 60;
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m ${seconds}s`;
  return `${minutes}m ${seconds}s`;
}

/** Ticks every second; once the date passes, the credits are read again (the server resets them on read). */
export function CreditsCountdown({ resetAt }: { resetAt: string | null | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const text = formatCountdown(resetAt, now);
  const resetting = text === 'Resetting...';
  useEffect(() => {
    if (!resetting) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: creditsQueryKey }), 2000);
    return () => clearTimeout(timer);
  }, [resetting, queryClient]);

  return (
    <span className="credits-countdown" data-testid="credits-countdown">
      {text}
    </span>
  );
}
