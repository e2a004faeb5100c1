// The finder of scripts/check-query-keys.mjs on small sources. Run by `npm run lint`
// (node --test scripts/check-query-keys.test.mjs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isKeyModule, literalKeys } from './check-query-keys.mjs';

const lines = (source) => literalKeys(source).map((found) => found.line);

describe('literal query keys', () => {
  it('finds an array literal passed as a key to queries, filters and cache reads and writes', () => {
    const source = [
      "useQuery({ queryKey: ['orders', 'mine'], queryFn });",
      "queryOptions({ queryKey: ['shop', 'product', id], queryFn });",
      "void client.invalidateQueries({ queryKey: ['orders'] });",
      "client.removeQueries({ queryKey: ['user'] });",
      "client.cancelQueries({ queryKey: ['payments', 'status', id] });",
      "client.refetchQueries({ queryKey: [...base, 'list'] });",
      "client.setQueryData(['orders', 'one', order.id], order);",
      "client.getQueryData(['user', 'profile']);",
      "client.ensureQueryData(['landing', 'about']);",
      "client.getQueryState(['admin', 'stats']);",
    ].join('\n');
    assert.deepEqual(lines(source), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('finds one across lines and behind type arguments', () => {
    const source = [
      'client.invalidateQueries({',
      '  queryKey:',
      "    ['legal'],",
      '});',
      "client.setQueryData<StockAlert[]>(['user', 'stock-alerts'], next);",
      "client.setQueryData<Array<Order>>(\n  ['orders', 'mine'], next);",
    ].join('\n');
    assert.deepEqual(literalKeys(source), [
      { line: 2, text: 'queryKey:' },
      { line: 5, text: "client.setQueryData<StockAlert[]>(['user', 'stock-alerts'], next);" },
      { line: 6, text: 'client.setQueryData<Array<Order>>(' },
    ]);
  });

  it('finds a key kept in a constant or an arrow function of the file', () => {
    const source = [
      "const MINE_KEY = ['user', 'custom-orders'];",
      "const JOBS_KEY: readonly string[] = ['admin', 'jobs'];",
      "const panelKey = (orderId: string) => ['cdek', 'admin', 'order', orderId];",
      'useQuery({ queryKey: MINE_KEY, queryFn });',
      'client.invalidateQueries({ queryKey: JOBS_KEY });',
      'client.setQueryData(panelKey(orderId), data);',
      'client.invalidateQueries({ queryKey: MINE_KEY_OTHER });',
    ].join('\n');
    assert.deepEqual(lines(source), [4, 5, 6]);
  });

  it('passes keys built by a factory or read from query options, and keys in comments', () => {
    const source = [
      "import { orderKeys } from './keys';",
      'useQuery({ queryKey: orderKeys.mine(), queryFn });',
      'client.invalidateQueries({ queryKey: orderKeys.all });',
      'client.setQueryData(productQueryOptions(id).queryKey, product);',
      'client.setQueryData(options.queryKey, value);',
      "const columns = ['name', 'total'];",
      "// client.invalidateQueries({ queryKey: ['orders'] });",
      "/** Was `setQueryData(['user', 'profile'], user)`. */",
      "const url = 'https://example.test/queryKey: [';",
    ].join('\n');
    assert.deepEqual(literalKeys(source), []);
  });
});

describe('key modules', () => {
  it('are every keys.ts and the shared prefixes, nothing else', () => {
    assert.equal(isKeyModule('features/orders/api/keys.ts'), true);
    assert.equal(isKeyModule('shared/legal/keys.ts'), true);
    assert.equal(isKeyModule('shared/api/query-keys.ts'), true);
    assert.equal(isKeyModule('features/orders/api/get-order.ts'), false);
    assert.equal(isKeyModule('features/shop/api/monkeys.ts'), false);
  });
});
