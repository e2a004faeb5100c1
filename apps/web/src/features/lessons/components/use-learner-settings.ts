/** The player's settings kept on the learner's account (speed, mirror, subtitles): loaded once, saved on each change. */
import { DEFAULT_PLAYER_SETTINGS, type PlayerSettings } from '@atelier/shared/lesson-player.constants';
import { useEffect, useRef, useState } from 'react';
import { usePlayerSettings, useSavePlayerSettings } from '../api/player-settings';

export function useLearnerSettings() {
  const stored = usePlayerSettings();
  const saveSettings = useSavePlayerSettings();
  const [settings, setSettings] = useState<PlayerSettings>(DEFAULT_PLAYER_SETTINGS);
  const settingsTouched = useRef(false);
  useEffect(() => {
    if (stored.data && !settingsTouched.current) setSettings(stored.data);
  }, [stored.data]);
  const changeSettings = (patch: Partial<PlayerSettings>) => {
    settingsTouched.current = true;
    const next = { ...settings, ...patch };
    setSettings(next);
    saveSettings.mutate(next);
  };
  return { settings, changeSettings };
}
