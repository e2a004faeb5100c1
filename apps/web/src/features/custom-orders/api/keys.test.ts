import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { customOrderKeys } from './keys';

describe("the owner's custom-request keys", () => {
  it('refresh every page of the list after a step, and not the request the step just wrote', () => {
    const client = new QueryClient();
    const pages = [
      customOrderKeys.adminList({ page: 1, limit: 20 }),
      customOrderKeys.adminList({ page: 2, status: 'new' }),
    ];
    for (const key of pages) client.setQueryData(key, { items: [] });
    client.setQueryData(customOrderKeys.adminOne('request-1'), { id: 'request-1' });

    void client.invalidateQueries({ queryKey: customOrderKeys.adminLists() });

    for (const key of pages) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(client.getQueryState(customOrderKeys.adminOne('request-1'))?.isInvalidated).toBe(false);
  });
});
