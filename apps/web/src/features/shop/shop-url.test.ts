import { describe, expect, it } from 'vitest';
import { parseShopParams, updateShopSearch } from './shop-url';

const parse = (query: string) => parseShopParams(new URLSearchParams(query));

describe('shop filters are read from the URL', () => {
  it.each([
    ['', { sort: 'recommended', page: 1, category: undefined }],
    ['category=book', { category: 'book' }],
    ['category=weapons', { category: undefined }],
    ['subcategory=bouquets', { subcategory: 'bouquets' }],
    ['sort=price_desc&page=3', { sort: 'price_desc', page: 3 }],
    ['sort=cheapest&page=-2', { sort: 'recommended', page: 1 }],
    ['search=%20%D1%80%D0%BE%D0%B7%D0%B0%20', { search: 'роза' }],
    ['search=%20%20', { search: undefined }],
    ['minPrice=100&maxPrice=50', { minPrice: 50, maxPrice: 100 }],
    ['minPrice=abc&maxPrice=-1', { minPrice: undefined, maxPrice: undefined }],
  ])('?%s', (query, expected) => {
    expect(parse(query)).toMatchObject(expected);
  });
});

describe('changing a filter rewrites the query string', () => {
  it.each([
    ['page=3&category=book', { sort: 'price_asc' }, 'category=book&sort=price_asc'],
    ['page=2', { page: 3 }, 'page=3'],
    ['page=2', { page: 1 }, ''],
    ['sort=name', { sort: 'recommended' }, ''],
    ['', { sort: 'newest' }, 'sort=newest'],
    ['category=collection&subcategory=bouquets', { category: 'book' }, 'category=book'],
    ['category=collection', { subcategory: 'bouquets' }, 'category=collection&subcategory=bouquets'],
    ['search=rose&product=abc', { search: null }, 'product=abc'],
    ['product=abc', { product: null }, ''],
    ['page=2', { product: 'abc' }, 'page=2&product=abc'],
  ] as const)('%s + %o → %s', (query, change, expected) => {
    expect(updateShopSearch(new URLSearchParams(query), change).toString()).toBe(expected);
  });
});
