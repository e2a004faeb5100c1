/** The player's control icons (decorative: each button carries its own name). In the player's lazy chunk only. */
import type { ReactNode } from 'react';
import { Svg } from '../../../shared/ui/icons';

const Icon = ({ children }: { children: ReactNode }) => (
  <Svg width={22} height={22} strokeWidth={1.8}>
    {children}
  </Svg>
);

export const PlayGlyph = () => (
  <Icon>
    <path d="M8 5v14l11-7z" fill="currentColor" />
  </Icon>
);
export const PauseGlyph = () => (
  <Icon>
    <path d="M8 5v14M16 5v14" strokeWidth={3} />
  </Icon>
);
export const BackTenGlyph = () => (
  <Icon>
    <path d="M4 12a8 8 0 1 0 2.3-5.6L4 8.7" />
    <path d="M4 4v4.7h4.7" />
    <text x="12" y="15.5" textAnchor="middle" fontSize="7.5" fill="currentColor" stroke="none" fontWeight="700">
      10
    </text>
  </Icon>
);
export const ForwardTenGlyph = () => (
  <Icon>
    <path d="M20 12a8 8 0 1 1-2.3-5.6L20 8.7" />
    <path d="M20 4v4.7h-4.7" />
    <text x="12" y="15.5" textAnchor="middle" fontSize="7.5" fill="currentColor" stroke="none" fontWeight="700">
      10
    </text>
  </Icon>
);
export const FramePrevGlyph = () => (
  <Icon>
    <path d="M6 5v14" />
    <path d="M18 6l-8 6 8 6z" fill="currentColor" />
  </Icon>
);
export const FrameNextGlyph = () => (
  <Icon>
    <path d="M18 5v14" />
    <path d="M6 6l8 6-8 6z" fill="currentColor" />
  </Icon>
);
export const VolumeGlyph = ({ muted }: { muted: boolean }) => (
  <Icon>
    <path d="M4 9v6h4l5 4V5L8 9z" />
    {muted ? <path d="M16 9l5 6M21 9l-5 6" /> : <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />}
  </Icon>
);
export const MirrorGlyph = () => (
  <Icon>
    <path d="M12 3v18" strokeDasharray="2 2" />
    <path d="M9 7L4 17h5z" />
    <path d="M15 7l5 10h-5z" fill="currentColor" />
  </Icon>
);
export const SubtitlesGlyph = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M7 15h4M13 15h4M7 11h2M11 11h6" />
  </Icon>
);
export const PipGlyph = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <rect x="12" y="11" width="7" height="6" rx="1" fill="currentColor" />
  </Icon>
);
export const FullscreenGlyph = ({ active }: { active: boolean }) => (
  <Icon>
    {active ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /> : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />}
  </Icon>
);
export const KeyboardGlyph = () => (
  <Icon>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M8 14h8" />
  </Icon>
);
