import { isRealDate, timestampLowerBound, timestampUpperBound } from '../../src/http/query-params';

describe('dates in bodies and filters', () => {
  it('when a day exists, then it is a date', () => {
    expect(['2026-02-28', '2024-02-29', '0001-01-01', '9999-12-31'].filter(isRealDate)).toHaveLength(4);
  });

  it('when a day does not exist, is in year 0 (PostgreSQL has none) or is not YYYY-MM-DD, then it is not', () => {
    expect(['2026-02-30', '0000-01-01', '0000-12-31', '10000-01-01', '2026-1-1', 'now', 'infinity'].filter(isRealDate)).toEqual([]);
  });

  it('when a created_at bound names year 0, then it is refused like any impossible date', () => {
    for (const bound of [timestampLowerBound, timestampUpperBound]) {
      expect(bound.safeParse('0000-01-01').success).toBe(false);
      expect(bound.safeParse('2026-02-30T00:00:00Z').success).toBe(false);
      expect(bound.safeParse('2026-01-01T00:00:00Z').success).toBe(true);
    }
  });
});

describe('created_at bounds (api-contract §2)', () => {
  it('when __gte is a date, then it is the start of that day (UTC)', () => {
    expect(timestampLowerBound.parse('2026-11-22')).toBe('2026-11-22T00:00:00Z');
  });

  it('when __lte is a date, then it is the last microsecond of that day (UTC), so <= it is < the next midnight', () => {
    expect(timestampUpperBound.parse('2026-11-22')).toBe('2026-11-22T23:59:59.999999Z');
    expect(timestampUpperBound.parse('2024-02-29')).toBe('2024-02-29T23:59:59.999999Z');
  });

  it('when a bound has a time, then it is that instant, to the microsecond', () => {
    for (const instant of ['2026-11-22T10:15:30.123456Z', '2026-11-22T10:15:30+05:30', '2026-11-22T00:00:00Z']) {
      expect(timestampLowerBound.parse(instant)).toBe(instant);
      expect(timestampUpperBound.parse(instant)).toBe(instant);
    }
  });
});
