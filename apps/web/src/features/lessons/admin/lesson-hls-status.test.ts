import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../../locales/en/admin/index';
import esAdmin from '../../../locales/es/admin/index';
import ruAdmin from '../../../locales/ru/admin/index';
import { hlsStatusText } from './lesson-hls-status';

const texts = { ru: ruAdmin, en: enAdmin, es: esAdmin };
const t: Record<string, TFunction> = {};

beforeAll(async () => {
  for (const lang of ['ru', 'en', 'es'] as const) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: lang,
      resources: { [lang]: { translation: texts[lang] } },
      interpolation: { escapeValue: false },
    });
    t[lang] = instance.t;
  }
});

const STATES = ['none', 'queued', 'running', 'done', 'failed'] as const;
const technical = /HLS|transcod|перекод|transcodific|ffmpeg|MP4|rendition|player\.admin|\{\{/i;

describe('the video-for-slow-connections status, in the owner’s words', () => {
  it('says the video is prepared, in progress with its percent, or failed (en)', () => {
    expect(hlsStatusText(t.en!, { state: 'done', progress: 100 }, 'en')).toMatch(
      /^Video prepared for slow connections/,
    );
    expect(hlsStatusText(t.en!, { state: 'running', progress: 40 }, 'en')).toBe(
      'Preparing the video for slow connections: in progress 40%',
    );
    expect(hlsStatusText(t.en!, { state: 'failed', progress: 0 }, 'en')).toMatch(/failed/);
  });

  it('adds the time left once the pace is known, in plain words', () => {
    expect(hlsStatusText(t.en!, { state: 'running', progress: 40, secondsLeft: 170 }, 'en')).toBe(
      'Preparing the video for slow connections: in progress 40%, about 3 min left',
    );
    expect(hlsStatusText(t.en!, { state: 'running', progress: 90, secondsLeft: 20 }, 'en')).toMatch(
      /, less than a minute left$/,
    );
    expect(hlsStatusText(t.en!, { state: 'running', progress: 1, secondsLeft: null }, 'en')).not.toMatch(/left/);
    expect(hlsStatusText(t.ru!, { state: 'running', progress: 40, secondsLeft: 300 }, 'ru')).toMatch(
      /, осталось около 5 минут$/,
    );
    expect(hlsStatusText(t.ru!, { state: 'running', progress: 40, secondsLeft: 60 }, 'ru')).toMatch(/около 1 минуты$/);
    expect(hlsStatusText(t.es!, { state: 'running', progress: 40, secondsLeft: 120 }, 'es')).toMatch(
      /, faltan alrededor de 2 min$/,
    );
  });

  it('reads the same in Russian', () => {
    expect(hlsStatusText(t.ru!, { state: 'done', progress: 100 }, 'ru')).toMatch(
      /^Видео подготовлено для медленного интернета/,
    );
    expect(hlsStatusText(t.ru!, { state: 'running', progress: 40 }, 'ru')).toContain('40\u00a0%');
    expect(hlsStatusText(t.ru!, { state: 'failed', progress: 0 }, 'ru')).toMatch(/^Не удалось подготовить/);
  });

  it.each(['ru', 'en', 'es'])('has no technical word in %s for any state, title or button', (lang) => {
    const lines = [
      ...STATES.map((state) => hlsStatusText(t[lang]!, { state, progress: 40, secondsLeft: 200 }, lang)),
      ...['title', 'unavailable', 'renditions', 'firstReady', 'retry', 'start', 'errorDetails'].map((key) =>
        t[lang]!(`player.admin.hls.${key}`, { list: '360p' }),
      ),
    ];
    for (const line of lines) {
      expect(line, line).not.toMatch(technical);
      expect(line.length).toBeGreaterThan(3);
    }
  });
});
