import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FilePicker } from './file-picker';

const html = (props: Partial<Parameters<typeof FilePicker>[0]> = {}) =>
  renderToStaticMarkup(createElement(FilePicker, { label: 'Import .vtt', onFile: () => undefined, ...props }));

describe('the file button', () => {
  it('keeps a real file input, hidden from sight but not from the keyboard, named by the button', () => {
    const markup = html({ id: 'subs', accept: '.vtt,text/vtt' });
    expect(markup).toMatch(/<input id="subs" type="file" accept="\.vtt,text\/vtt" class="peer sr-only"/);
    expect(markup).toContain('<label for="subs"');
    expect(markup).toContain('>Import .vtt</label>');
    // Never the browser's own "Choose File / No file chosen" look: the input is never shown.
    expect(markup).not.toMatch(/<input(?![^>]*sr-only)[^>]*type="file"/);
  });

  it('passes the field’s naming, hint and invalid state to the input', () => {
    const markup = html({ id: 'video', labelledBy: 'video-label', describedBy: 'video-hint', invalid: true });
    expect(markup).toContain('aria-labelledby="video-label"');
    expect(markup).toContain('aria-describedby="video-hint"');
    expect(markup).toContain('aria-invalid="true"');
  });

  it('makes an id of its own when none is given, shared by the input and its button', () => {
    const markup = html();
    const id = markup.match(/<input id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(markup).toContain(`<label for="${id}"`);
  });
});
