import type { AllPosition } from './event-store';

/** How a writer learns that the read models its member will read next include its events. */
export interface ProjectionProgress {
  /** True once every member-facing projection has reached `position`; false after `timeoutMs`. */
  waitFor(position: AllPosition, timeoutMs: number): Promise<boolean>;
}
