/** A clock a test moves forward (token expiry, retention windows); the service under test reads it. */
export class MovableClock {
  private offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}
