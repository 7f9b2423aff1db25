import { SUBSCRIPTIONS } from '../src/integration-events/subscriptions';
import { followRedirects } from '../src/known-records/known-records';
import { referencedIds } from '../src/records/known-references';

/** The pure parts of following merges: chains of redirects, the ids a reference holds, the bindings. */
describe('followRedirects', () => {
  it('when an id was not merged, then it stays itself', () => {
    expect(followRedirects(['a', 'b'], new Map([['x', 'y']]))).toEqual(['a', 'b']);
  });

  it('when an id was merged, then it leads to its keeper, following chains to the end', () => {
    const redirects = new Map([
      ['a', 'b'],
      ['b', 'c'],
      ['d', 'c'],
    ]);
    expect(followRedirects(['a', 'b', 'c', 'd'], redirects)).toEqual(['c', 'c', 'c', 'c']);
  });

  it('when ids repeat, then each place is answered (the caller de-duplicates lists)', () => {
    expect(followRedirects(['a', 'a', 'c'], new Map([['a', 'c']]))).toEqual(['c', 'c', 'c']);
  });

  it('when the redirects close a cycle, then it stops where the cycle closes instead of looping', () => {
    const redirects = new Map([
      ['a', 'b'],
      ['b', 'a'],
    ]);
    expect(followRedirects(['a', 'b'], redirects)).toEqual(['b', 'a']);
  });
});

describe('referencedIds', () => {
  it('when a reference holds null, one id or a list, then its ids as a list', () => {
    expect(referencedIds(null)).toEqual([]);
    expect(referencedIds(undefined)).toEqual([]);
    expect(referencedIds('a')).toEqual(['a']);
    expect(referencedIds(['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('the consumer', () => {
  it('handles lead.merged and contact.merged (the queue is bound to exactly its handlers)', () => {
    expect(Object.keys(SUBSCRIPTIONS)).toEqual(expect.arrayContaining(['lead.merged', 'contact.merged']));
  });
});
