/**
 * The timer of a process manager's sweeper (the credit compensation, the billing role checks):
 * `start()` sweeps at once and then every `intervalMs`, never two sweeps at a time; a failed
 * sweep is logged and the next tick tries again; `stop()` waits for the sweep under way.
 */
export function periodicSweep(
  sweep: () => Promise<number>,
  options: { intervalMs: number; name: string; log: { error(obj: object, msg: string): void } },
) {
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<number> | undefined;
  return {
    /** Sweeps now and then every `intervalMs` until stop(). */
    start() {
      if (timer) return;
      const tick = () => {
        sweeping ??= sweep()
          .catch((error) => {
            options.log.error({ err: error }, `${options.name} sweep failed`);
            return 0;
          })
          .finally(() => {
            sweeping = undefined;
          });
      };
      tick();
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await sweeping;
    },
  };
}
