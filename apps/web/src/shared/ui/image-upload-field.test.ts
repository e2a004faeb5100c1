import { describe, expect, it } from 'vitest';
import { buildUploadForm } from '../api/upload';
import { imageFileProblem, imagePlanOf, itemFromFile, itemsFromImages, newFilesOf } from './image-upload-field';

const image = (name: string) => ({
  url: `/u/${name}`,
  thumb: `/u/${name}-t`,
  medium: `/u/${name}-m`,
  large: `/u/${name}-l`,
});
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('image upload field rules', () => {
  it.each([
    ['a JPEG under the limit is accepted', file('a.jpg', 'image/jpeg', 10), null],
    ['an empty file is refused', file('a.jpg', 'image/jpeg', 0), 'empty'],
    ['a file over the limit is refused', file('a.png', 'image/png', 101), 'tooLarge'],
    ['SVG is refused (it can carry scripts)', file('a.svg', 'image/svg+xml', 10), 'notImage'],
    ['a text file is refused', file('a.txt', 'text/plain', 10), 'notImage'],
    ['HTML is refused', file('a.html', 'text/html', 10), 'notImage'],
  ])('%s', (_rule, picked, problem) => {
    expect(imageFileProblem(picked, 100)).toBe(problem);
  });

  it('the save plan keeps existing images by url and numbers new files in list order', () => {
    globalThis.URL.createObjectURL ??= () => 'blob:x';
    const [first, second] = itemsFromImages([image('a'), image('b')]);
    const newOne = itemFromFile(file('n1.jpg', 'image/jpeg', 5));
    const newTwo = itemFromFile(file('n2.jpg', 'image/jpeg', 5));
    const items = [newOne, second!, newTwo, first!];
    expect(imagePlanOf(items)).toEqual([{ file: 0 }, { url: '/u/b' }, { file: 1 }, { url: '/u/a' }]);
    expect(newFilesOf(items).map((f) => f.name)).toEqual(['n1.jpg', 'n2.jpg']);
  });

  it('the multipart body carries the fields as one `data` JSON part and repeats a field for several files', () => {
    const form = buildUploadForm({
      data: { title: { ru: 'Т' } },
      fields: { rating: 5 },
      files: { images: [file('1.jpg', 'image/jpeg', 1), file('2.jpg', 'image/jpeg', 1)], image: null },
    });
    expect(JSON.parse(form.get('data') as string)).toEqual({ title: { ru: 'Т' } });
    expect(form.get('rating')).toBe('5');
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['1.jpg', '2.jpg']);
    expect(form.has('image')).toBe(false);
  });
});
