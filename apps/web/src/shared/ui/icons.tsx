import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/** Decorative stroke icon: hidden from assistive tech (the control around it carries the name). */
export function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

export const CloseIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);
export const MenuIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Svg>
);
export const CartIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.5 8H6.2" />
    <circle cx="10" cy="20" r="1.2" />
    <circle cx="17" cy="20" r="1.2" />
  </Svg>
);
export const UserIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </Svg>
);
export const LogoutIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10" />
  </Svg>
);
export const SearchIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Svg>
);
export const FiltersIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 6h16M7 12h10M10 18h4" />
  </Svg>
);
export const ChevronLeftIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M15 5l-7 7 7 7" />
  </Svg>
);
export const ChevronRightIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9 5l7 7-7 7" />
  </Svg>
);
export const MailIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Svg>
);
export const PhoneIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </Svg>
);
export const PlayIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8 5v14l11-7z" fill="currentColor" />
  </Svg>
);
export const LockIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Svg>
);
export const FlowerIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="2.5" />
    <path d="M12 9.5C10 6 10.5 3 12 2c1.5 1 2 4 0 7.5M14.5 12c3.5-2 6.5-1.5 7.5 0-1 1.5-4 2-7.5 0M12 14.5c2 3.5 1.5 6.5 0 7.5-1.5-1-2-4 0-7.5M9.5 12C6 14 3 13.5 2 12c1-1.5 4-2 7.5 0" />
  </Svg>
);
export const StarIcon = ({ filled, ...props }: IconProps & { filled?: boolean }) => (
  <Svg {...props} strokeWidth={1.3}>
    <path
      d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
      fill={filled ? 'currentColor' : 'none'}
    />
  </Svg>
);
export const HeartIcon = ({ filled, ...props }: IconProps & { filled?: boolean }) => (
  <Svg fill={filled ? 'currentColor' : 'none'} {...props}>
    <path d="M12 20.5s-7.5-4.4-9.2-9.3C1.6 7.6 4 4.5 7.3 4.5c2 0 3.6 1.1 4.7 2.8 1.1-1.7 2.7-2.8 4.7-2.8 3.3 0 5.7 3.1 4.5 6.7-1.7 4.9-9.2 9.3-9.2 9.3z" />
  </Svg>
);
export const BellIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16zM10 20a2 2 0 0 0 4 0" />
  </Svg>
);
export const TrashIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
  </Svg>
);
export const CheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 12l5 5 9-10" />
  </Svg>
);
export const SocialIcon = ({ network, ...props }: IconProps & { network: string }) => {
  switch (network) {
    case 'instagram':
      return (
        <Svg {...props}>
          <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.2" cy="6.8" r="0.8" fill="currentColor" />
        </Svg>
      );
    case 'telegram':
      return (
        <Svg {...props}>
          <path d="M21 4L3 11l6 2 2 6 3-4 5 4z" />
          <path d="M9 13l8-6" />
        </Svg>
      );
    case 'youtube':
      return (
        <Svg {...props}>
          <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
          <path d="M10 9.5v5l4.5-2.5z" fill="currentColor" />
        </Svg>
      );
    case 'pinterest':
      return (
        <Svg {...props}>
          <circle cx="12" cy="12" r="9" />
          <path d="M11 8.5c3-1 5 .8 4.5 3.2-.4 2-2.2 3-3.5 2.3M12 10l-2.5 10" />
        </Svg>
      );
    case 'whatsapp':
      return (
        <Svg {...props}>
          <path d="M4 20l1.3-4A8.5 8.5 0 1 1 8.5 19z" />
          <path d="M9 9.5c.5 2.5 2.5 4.5 5 5l1-1.5" />
        </Svg>
      );
    default:
      return (
        <Svg {...props}>
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <path d="M7.5 8.5c.5 4 2.5 7 6 7V13c1.5.2 2.8 1.2 3.5 2.5M13.5 11c1.3-.4 2.5-1.5 3-2.5M10.5 8.5v4" />
        </Svg>
      );
  }
};
export const EyeIcon = ({ crossed, ...props }: IconProps & { crossed?: boolean }) => (
  <Svg {...props}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="2.8" />
    {crossed ? <path d="M4 4l16 16" /> : null}
  </Svg>
);
export const AlertIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.2v.3" />
  </Svg>
);
