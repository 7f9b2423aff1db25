import { isDatabaseUnavailable } from '../../src/database';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection ended by the server', new Error('Connection terminated unexpectedly')],
    ['the server shutting down (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a connection exception (class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a driver error wrapped by TypeORM', Object.assign(new Error('query failed'), { driverError: Object.assign(new Error('x'), { code: '57P03' }) })],
  ])('when the error is %s, then it is the database being unavailable', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near'), { code: '42601' })],
    ['a handler bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('when the error is %s, then it is not', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
