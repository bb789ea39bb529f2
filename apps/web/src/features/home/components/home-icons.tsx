import { type IconProps, SvgIcon } from '@/shared/ui/icons';

/** Icons of home's first screen (notice bar, shortcuts, drawer button); Material-style paths. */
export const IconVolume = (props: IconProps) => (
  <SvgIcon
    path="M3 9v6h4l5 5V4L7 9H3zm13.5 3c0-1.77-1.02-3.29-2.5-4.03v8.05c1.48-.73 2.5-2.25 2.5-4.02zM14 3.23v2.06c2.89.86 5 3.54 5 6.71s-2.11 5.85-5 6.71v2.06c4.01-.91 7-4.49 7-8.77s-2.99-7.86-7-8.77z"
    {...props}
  />
);
export const IconMenu = (props: IconProps) => (
  <SvgIcon path="M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z" {...props} />
);
export const IconApps = (props: IconProps) => (
  <SvgIcon
    path="M4 8h4V4H4v4zm6 12h4v-4h-4v4zm-6 0h4v-4H4v4zm0-6h4v-4H4v4zm6 0h4v-4h-4v4zm6-10v4h4V4h-4zm-6 4h4V4h-4v4zm6 6h4v-4h-4v4zm0 6h4v-4h-4v4z"
    {...props}
  />
);
/** The RMB platform: a yuan sign in a circle. */
export const IconYuan = (props: IconProps) => (
  <SvgIcon
    path="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm3.5 12.5v1.5H13v2h-2v-2H8.5v-1.5H11v-1H8.5V12h1.8L8 7.5h2.2L12 11.2l1.8-3.7H16L13.7 12h1.8v1.5H13v1h2.5z"
    {...props}
  />
);
