import type { AdminProduct } from '@atelier/shared';
import type { shopAdminContract } from '@atelier/shared/shop-admin.contract';
import { shopAdminRouteTable } from '@atelier/shared/shop-admin.routes';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { uploads } from './upload';

const shopUploads = uploads<typeof shopAdminContract, 'create' | 'put'>(shopAdminRouteTable, ['create', 'put']);
const id = '6f1c1c1e-3a5b-4c8e-9a39-0c9b2d9a3f10';

/** The browser's XMLHttpRequest as far as an upload uses it: records the request, answers 200. */
function answer(body: unknown) {
  const sent: { method: string; url: string; form: FormData | null }[] = [];
  class Xhr {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request = { method: '', url: '' };
    open(method: string, url: string) {
      this.request = { method, url };
    }
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      sent.push({ ...this.request, form });
      this.status = 200;
      this.responseText = JSON.stringify(body);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', Xhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('uploads derived from the contract', () => {
  it('send the route’s method to its path with the parameters filled in, the fields as `data` and the files', async () => {
    const sent = answer({ success: true, data: { id, name: 'Rose' }, message: 'Saved' });
    const image = new Blob(['png'], { type: 'image/png' });
    const reply = await shopUploads.put({ params: { id } }, { data: { name: 'Rose' }, files: { images: [image] } });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('PUT');
    expect(sent[0]?.url).toBe(`/api/shop/${id}`);
    expect(sent[0]?.form?.get('data')).toBe(JSON.stringify({ name: 'Rose' }));
    expect(sent[0]?.form?.getAll('images')).toHaveLength(1);
    expect(reply.data).toEqual({ id, name: 'Rose' });
    expect(reply.message).toBe('Saved');

    await shopUploads.create({}, { data: { name: 'Tulip' } });
    expect(sent[1]).toMatchObject({ method: 'POST', url: '/api/shop' });
  });

  it('are typed by the contract, and refuse a route that takes no files', () => {
    expectTypeOf(shopUploads.put).returns.resolves.toHaveProperty('data').toEqualTypeOf<AdminProduct>();
    expectTypeOf(shopUploads.put).parameter(0).toEqualTypeOf<{ params: { id: string } }>();
    expect(() => uploads<typeof shopAdminContract, 'delete'>(shopAdminRouteTable, ['delete'])).toThrow(
      /delete is not a multipart write/,
    );
  });
});
