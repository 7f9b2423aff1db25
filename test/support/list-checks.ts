import type { ApiResponse } from './api-client';

/**
 * The checks every list suite makes, given how it reads a page (`list`) and names its records
 * (`labels`): a query answers exactly the expected records and counts them; an ordering and its
 * reverse are mirror images; a bad query is a 400 in the validation shape.
 */
export function listChecks(list: (query: string) => Promise<ApiResponse>, labels: (body: any) => string[]) {
  return {
    async matches(query: string, expected: readonly string[]): Promise<void> {
      const res = await list(query);
      expect(res.status).toBe(200);
      expect(labels(res.body)).toEqual(expected);
      expect(res.body.count).toBe(expected.length);
    },
    async mirrored(field: string, ascending: readonly string[]): Promise<void> {
      const up = await list(`?ordering=${field}`);
      expect(up.status).toBe(200);
      expect(labels(up.body)).toEqual(ascending);
      expect(labels((await list(`?ordering=-${field}`)).body)).toEqual([...ascending].reverse());
    },
    async refused(query: string): Promise<void> {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: true, errors: expect.any(Object) });
      expect(Object.keys(res.body.errors).length).toBeGreaterThan(0);
    },
  };
}
