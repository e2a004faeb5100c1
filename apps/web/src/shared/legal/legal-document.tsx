import type { LegalText } from './legal-types';

/** One legal text: intro and numbered sections. `headingLevel` follows the surrounding page. */
export function LegalDocument({ text, headingLevel = 2 }: { text: LegalText; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="text-ink-soft">
      <p className="text-sm text-muted">{text.updated}</p>
      <p className="mt-4 leading-relaxed">{text.intro}</p>
      {text.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <Heading className="mb-3 text-2xl">{section.heading}</Heading>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mb-3 leading-relaxed">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
