/** Splits plain text written by the artisan into paragraphs and line breaks; never renders HTML. */
export function paragraphsOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').map((line) => line.replace(/^#+\s*/, '').replace(/\*\*(.+?)\*\*/g, '$1')))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

export function RichText({ text, className = 'prose-soft' }: { text: string; className?: string }) {
  const blocks = paragraphsOf(text);
  return (
    <div className={`${className} wrap-anywhere`}>
      {blocks.map((lines, blockIndex) => (
        // Paragraph order is the text's own order and never changes between renders.
        // biome-ignore lint/suspicious/noArrayIndexKey: static text split
        <p key={blockIndex}>
          {lines.map((line, lineIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static text split
            <span key={lineIndex}>
              {lineIndex > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
