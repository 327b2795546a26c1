import { TEXT } from "../text";

/**
 * The document's title while a screen is shown, "<screen> · Cosmic Lounge" in the member's language
 * (WCAG 2.4.2): React 19 puts a <title> rendered anywhere into <head>.
 */
export function PageTitle({ screen }: { screen: string }) {
  return <title>{TEXT.common.pageTitle(screen)}</title>;
}
