import { describe, expect, it } from 'vitest';
import { imageError } from '../../shared/forms/image-file';
import { reviewTextError } from './review-rules';

describe('review text is 10–1000 characters after trimming', () => {
  it.each([
    ['', 'tooShort'],
    ['   short   ', 'tooShort'],
    ['123456789', 'tooShort'],
    ['          1234567890          ', null],
    ['a'.repeat(1000), null],
    ['a'.repeat(1001), 'tooLong'],
  ])('%j → %s', (text, expected) => {
    expect(reviewTextError(text)).toBe(expected);
  });
});

describe('review photo is an image up to 5 MB', () => {
  it.each([
    [{ type: 'image/jpeg', size: 1024 }, null],
    [{ type: 'image/png', size: 5 * 1024 * 1024 }, null],
    [{ type: 'image/webp', size: 5 * 1024 * 1024 + 1 }, 'tooLarge'],
    [{ type: 'application/pdf', size: 10 }, 'notImage'],
    [{ type: '', size: 10 }, 'notImage'],
    [{ type: 'image/svg+xml', size: 10 }, 'notImage'],
    [{ type: 'text/html', size: 10 }, 'notImage'],
    [{ type: 'image/jpeg', size: 0 }, 'notImage'],
  ])('%o → %s', (file, expected) => {
    expect(imageError(file)).toBe(expected);
  });
});
