/** Column helpers shared by the table files (not part of the public schema). */
import type { LocalizedText } from '@atelier/shared';
import { customType, jsonb, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull();
/** PostgreSQL's full-text document type (written only by generated columns). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** `name`/`description` ->> lang, '' when absent (immutable, so usable in generated columns). */
export const field = (column: string, lang: string) => `coalesce(${column}->>'${lang}', '')`;
/** The words of a localized field, stemmed by its language's rules (розы → роз, roses → rose, rosas → rosa). */
export const stemmed = (column: string) =>
  `to_tsvector('russian'::regconfig, ${field(column, 'ru')}) || to_tsvector('english'::regconfig, ${field(column, 'en')}) || to_tsvector('spanish'::regconfig, ${field(column, 'es')})`;
