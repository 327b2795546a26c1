import type { IconShape } from "./icon-shapes";

/** One entry of an item's menu (ItemMenu, its list loaded when first opened). */
export type MenuItem = { label: string; ariaLabel?: string; icon?: IconShape; onSelect(): void };
