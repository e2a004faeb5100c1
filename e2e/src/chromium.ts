/** Debian's Chromium under playwright-core, with the flags every journey, screenshot and bench uses. */
import { type Browser, type BrowserServer, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 360, height: 740 } as const;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** One Chromium for a whole run, which every journey file connects to (see connectChromium). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** A connection to the run's Chromium; closing it closes the contexts it opened, not the browser. */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
