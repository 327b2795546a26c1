// Inline icons of search and notifications (emoji fonts are not everywhere). Decorative: the
// controls and results carry their names in text.
import { Icon } from "../components/Icon";
import type { NotificationKind } from "../../worker/shared/notifications";
import type { SearchKind } from "../../worker/shared/search";

const svg = { width: 18, height: 18, viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round", "aria-hidden": true } as const;

export const SearchIcon = () => (
  <svg {...svg}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </svg>
);

export const BellIcon = () => (
  <svg {...svg}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

const PostIcon = () => (
  <svg {...svg}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h4" />
  </svg>
);

const CommentIcon = () => (
  <svg {...svg}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12z" />
  </svg>
);

const MessageIcon = () => (
  <svg {...svg}>
    <path d="M4 9h16M4 15h16M10 3 8 21M16 3l-2 18" />
  </svg>
);

export const ResourceIcon = () => (
  <svg {...svg}>
    <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5z" />
    <path d="M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5" />
  </svg>
);

export const KIND_ICONS: Record<SearchKind, () => React.JSX.Element> = { post: PostIcon, comment: CommentIcon, message: MessageIcon, resource: ResourceIcon };

const HeartIcon = () => <Icon name="heart" />;

const AtIcon = () => (
  <svg {...svg}>
    <circle cx="12" cy="12" r="4" />
    <path d="M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-3.9 7.9" />
  </svg>
);

const PinIcon = () => (
  <svg {...svg}>
    <path d="M12 17v5M9 3h6l-1 7 4 4H6l4-4z" />
  </svg>
);

const CardIcon = () => (
  <svg {...svg}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M2 10h20" />
  </svg>
);

const ClockIcon = () => (
  <svg {...svg}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
);

const InviteIcon = () => (
  <svg {...svg}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0M19 8v6M16 11h6" />
  </svg>
);

export const NOTIFICATION_ICONS: Record<NotificationKind, () => React.JSX.Element> = {
  comment: CommentIcon,
  like: HeartIcon,
  mention: AtIcon,
  notice: PinIcon,
  payment: CardIcon,
  membership_ending: ClockIcon,
  channel_invite: InviteIcon,
};
