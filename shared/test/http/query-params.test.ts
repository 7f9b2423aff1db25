import { isRealDate, timestampBound } from '../../src/http/query-params';

describe('dates in bodies and filters', () => {
  it('when a day exists, then it is a date', () => {
    expect(['2026-02-28', '2024-02-29', '0001-01-01', '9999-12-31'].filter(isRealDate)).toHaveLength(4);
  });

  it('when a day does not exist, is in year 0 (PostgreSQL has none) or is not YYYY-MM-DD, then it is not', () => {
    expect(['2026-02-30', '0000-01-01', '0000-12-31', '10000-01-01', '2026-1-1', 'now', 'infinity'].filter(isRealDate)).toEqual([]);
  });

  it('when a created_at bound names year 0, then it is refused like any impossible date', () => {
    expect(timestampBound.safeParse('0000-01-01').success).toBe(false);
    expect(timestampBound.safeParse('2026-01-01T00:00:00Z').success).toBe(true);
  });
});
