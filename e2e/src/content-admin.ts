/** Upload bytes for the content journeys: a real PNG. */

/** A real 24×24 PNG (the server checks uploads by content). */
export const PNG_24 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAKElEQVQ4jWO429FBFcQwatDd0TC6O5qOOkazSMdoMdIxWkJ2DGQtAgBbk1V9ExkmagAAAABJRU5ErkJggg==',
  'base64',
);

export const pngFile = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_24 });
