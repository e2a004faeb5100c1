import { JOB_NAMES } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import enAdmin from '../../../locales/en/admin/index';
import enBase from '../../../locales/en/index';
import esAdmin from '../../../locales/es/admin/index';
import esBase from '../../../locales/es/index';
import ruAdmin from '../../../locales/ru/admin/index';
import ruBase from '../../../locales/ru/index';
import { mergeArea, type Tree } from '../../../locales/tree';
import { jobLabelKey } from './failing-jobs';

const LANGUAGES = {
  ru: mergeArea(ruBase, ruAdmin),
  en: mergeArea(enBase, enAdmin),
  es: mergeArea(esBase, esAdmin),
};

function text(tree: Tree, key: string): string | undefined {
  let at: Tree | string | undefined = tree;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

describe('failing background work: the names the owner reads', () => {
  it.each(Object.entries(LANGUAGES))('every job the server registers has its own label in %s', (_, tree) => {
    const labels = JOB_NAMES.map((name) => text(tree, jobLabelKey(name)));
    for (const label of labels) expect(label, 'a job without a label').toMatch(/\S/);
    // No two jobs read the same, and none falls back to the general "background work".
    expect(new Set(labels).size).toBe(JOB_NAMES.length);
    expect(labels).not.toContain(text(tree, 'admin.jobs.work.other'));
  });

  it('an unknown job reads as background work, never as its code', () => {
    expect(jobLabelKey('something.new')).toBe('admin.jobs.work.other');
    expect(jobLabelKey('mail.send')).toBe('admin.jobs.work.mailSend');
    expect(jobLabelKey('gift-certificates.deliver')).toBe('admin.jobs.work.giftCertificatesDeliver');
  });

  it.each(Object.entries(LANGUAGES))('the sentences in %s have no developer words', (_, tree) => {
    const keys = [
      'title',
      'hint',
      'failing',
      'gaveUp',
      'next',
      'stopped',
      'details',
      'tryAgain',
      'retried',
      'open',
      'failingAlone',
      'gaveUpAlone',
      'mail.title',
      'mail.since',
      'mail.waiting_one',
      'mail.waiting_other',
      'mail.cause.unreachable',
      'mail.cause.login',
      'mail.cause.other',
      'mail.todo',
      'mail.open',
    ];
    for (const key of keys) {
      const value = text(tree, `admin.jobs.${key}`);
      expect(value, key).toMatch(/\S/);
      expect(value, key).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b|\b[a-z]+_[a-z_]+\b|\bjob\b|SMTP|ECONN|outbox/);
    }
  });
});
