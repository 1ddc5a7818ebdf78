import type { Clock } from '../../backend/application/ports/system';

/** The real time, or the real time shifted by what the test asked for. */
export class MovableClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  moveTo(date: Date) {
    this.offsetMs = date.getTime() - Date.now();
  }
  moveBy(ms: number) {
    this.offsetMs += ms;
  }
  reset() {
    this.offsetMs = 0;
  }
}
